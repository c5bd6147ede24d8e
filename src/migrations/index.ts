import * as migration_20261122_043922_initial from './20261122_043922_initial';
import * as migration_20261122_055557_admin_exports from './20261122_055557_admin_exports';
import * as migration_20261123_052100_email_outbox_and_submission_keys from './20261123_052100_email_outbox_and_submission_keys';
import * as migration_20261123_052938_admin_auth_rules from './20261123_052938_admin_auth_rules';
import * as migration_20261123_064333_shop_catalogue from './20261123_064333_shop_catalogue';
import * as migration_20261123_070241_order_reference_and_payment from './20261123_070241_order_reference_and_payment';
import * as migration_20261123_071551_delivery_area from './20261123_071551_delivery_area';
import * as migration_20261123_090729_order_windows_and_status from './20261123_090729_order_windows_and_status';
import * as migration_20261123_093452_customer_messages_and_sources from './20261123_093452_customer_messages_and_sources';
import * as migration_20261126_053718_exports_status from './20261126_053718_exports_status';
import * as migration_20261126_060206_customer_keys_and_indexes from './20261126_060206_customer_keys_and_indexes';
import * as migration_20261126_090842_orders_reading_indexes from './20261126_090842_orders_reading_indexes';
import * as migration_20261126_092822_review_photo_shown from './20261126_092822_review_photo_shown';
import * as migration_20261126_095841_jar_labels from './20261126_095841_jar_labels';
import * as migration_20261126_114917_batches from './20261126_114917_batches';
import * as migration_20261126_122127_refill_plans from './20261126_122127_refill_plans';
import * as migration_20261126_150854_push_subscriptions from './20261126_150854_push_subscriptions';
import * as migration_20261126_174818_stored_customers from './20261126_174818_stored_customers';
import * as migration_20261128_173838_email_body_retention from './20261128_173838_email_body_retention';
import * as migration_20261129_014936_supplier_lots from './20261129_014936_supplier_lots';
import * as migration_20261129_023145_label_facts from './20261129_023145_label_facts';
import * as migration_20261129_023434_recalls from './20261129_023434_recalls';
import * as migration_20261129_045917_waiting_line from './20261129_045917_waiting_line';
import * as migration_20261129_072122_statement_payments from './20261129_072122_statement_payments';
import * as migration_20261129_080819_payment_reminders from './20261129_080819_payment_reminders';
import * as migration_20261129_102341_customer_changes from './20261129_102341_customer_changes';
import * as migration_20261129_124444_delivery_day from './20261129_124444_delivery_day';
import * as migration_20261129_153900_reminder_per_day from './20261129_153900_reminder_per_day';
import * as migration_20261129_154619_owed_extra_due_index from './20261129_154619_owed_extra_due_index';
import * as migration_20261129_211508_outbox_status_text_index from './20261129_211508_outbox_status_text_index';
import * as migration_20261129_231144_refill_plan_customer_keys from './20261129_231144_refill_plan_customer_keys';
import * as migration_20261130_010904_refill_plans_list_order from './20261130_010904_refill_plans_list_order';
import * as migration_20261130_022550_batch_and_payment_times_in_detroit from './20261130_022550_batch_and_payment_times_in_detroit';

export const migrations = [
  {
    up: migration_20261122_043922_initial.up,
    down: migration_20261122_043922_initial.down,
    name: '20261122_043922_initial',
  },
  {
    up: migration_20261122_055557_admin_exports.up,
    down: migration_20261122_055557_admin_exports.down,
    name: '20261122_055557_admin_exports',
  },
  {
    up: migration_20261123_052100_email_outbox_and_submission_keys.up,
    down: migration_20261123_052100_email_outbox_and_submission_keys.down,
    name: '20261123_052100_email_outbox_and_submission_keys',
  },
  {
    up: migration_20261123_052938_admin_auth_rules.up,
    down: migration_20261123_052938_admin_auth_rules.down,
    name: '20261123_052938_admin_auth_rules',
  },
  {
    up: migration_20261123_064333_shop_catalogue.up,
    down: migration_20261123_064333_shop_catalogue.down,
    name: '20261123_064333_shop_catalogue',
  },
  {
    up: migration_20261123_070241_order_reference_and_payment.up,
    down: migration_20261123_070241_order_reference_and_payment.down,
    name: '20261123_070241_order_reference_and_payment',
  },
  {
    up: migration_20261123_071551_delivery_area.up,
    down: migration_20261123_071551_delivery_area.down,
    name: '20261123_071551_delivery_area',
  },
  {
    up: migration_20261123_090729_order_windows_and_status.up,
    down: migration_20261123_090729_order_windows_and_status.down,
    name: '20261123_090729_order_windows_and_status',
  },
  {
    up: migration_20261123_093452_customer_messages_and_sources.up,
    down: migration_20261123_093452_customer_messages_and_sources.down,
    name: '20261123_093452_customer_messages_and_sources',
  },
  {
    up: migration_20261126_053718_exports_status.up,
    down: migration_20261126_053718_exports_status.down,
    name: '20261126_053718_exports_status',
  },
  {
    up: migration_20261126_060206_customer_keys_and_indexes.up,
    down: migration_20261126_060206_customer_keys_and_indexes.down,
    name: '20261126_060206_customer_keys_and_indexes',
  },
  {
    up: migration_20261126_090842_orders_reading_indexes.up,
    down: migration_20261126_090842_orders_reading_indexes.down,
    name: '20261126_090842_orders_reading_indexes',
  },
  {
    up: migration_20261126_092822_review_photo_shown.up,
    down: migration_20261126_092822_review_photo_shown.down,
    name: '20261126_092822_review_photo_shown',
  },
  {
    up: migration_20261126_095841_jar_labels.up,
    down: migration_20261126_095841_jar_labels.down,
    name: '20261126_095841_jar_labels',
  },
  {
    up: migration_20261126_114917_batches.up,
    down: migration_20261126_114917_batches.down,
    name: '20261126_114917_batches',
  },
  {
    up: migration_20261126_122127_refill_plans.up,
    down: migration_20261126_122127_refill_plans.down,
    name: '20261126_122127_refill_plans',
  },
  {
    up: migration_20261126_150854_push_subscriptions.up,
    down: migration_20261126_150854_push_subscriptions.down,
    name: '20261126_150854_push_subscriptions',
  },
  {
    up: migration_20261126_174818_stored_customers.up,
    down: migration_20261126_174818_stored_customers.down,
    name: '20261126_174818_stored_customers',
  },
  {
    up: migration_20261128_173838_email_body_retention.up,
    down: migration_20261128_173838_email_body_retention.down,
    name: '20261128_173838_email_body_retention',
  },
  {
    up: migration_20261129_014936_supplier_lots.up,
    down: migration_20261129_014936_supplier_lots.down,
    name: '20261129_014936_supplier_lots',
  },
  {
    up: migration_20261129_023145_label_facts.up,
    down: migration_20261129_023145_label_facts.down,
    name: '20261129_023145_label_facts',
  },
  {
    up: migration_20261129_023434_recalls.up,
    down: migration_20261129_023434_recalls.down,
    name: '20261129_023434_recalls',
  },
  {
    up: migration_20261129_045917_waiting_line.up,
    down: migration_20261129_045917_waiting_line.down,
    name: '20261129_045917_waiting_line',
  },
  {
    up: migration_20261129_072122_statement_payments.up,
    down: migration_20261129_072122_statement_payments.down,
    name: '20261129_072122_statement_payments',
  },
  {
    up: migration_20261129_080819_payment_reminders.up,
    down: migration_20261129_080819_payment_reminders.down,
    name: '20261129_080819_payment_reminders',
  },
  {
    up: migration_20261129_102341_customer_changes.up,
    down: migration_20261129_102341_customer_changes.down,
    name: '20261129_102341_customer_changes',
  },
  {
    up: migration_20261129_124444_delivery_day.up,
    down: migration_20261129_124444_delivery_day.down,
    name: '20261129_124444_delivery_day',
  },
  {
    up: migration_20261129_153900_reminder_per_day.up,
    down: migration_20261129_153900_reminder_per_day.down,
    name: '20261129_153900_reminder_per_day',
  },
  {
    up: migration_20261129_154619_owed_extra_due_index.up,
    down: migration_20261129_154619_owed_extra_due_index.down,
    name: '20261129_154619_owed_extra_due_index',
  },
  {
    up: migration_20261129_211508_outbox_status_text_index.up,
    down: migration_20261129_211508_outbox_status_text_index.down,
    name: '20261129_211508_outbox_status_text_index',
  },
  {
    up: migration_20261129_231144_refill_plan_customer_keys.up,
    down: migration_20261129_231144_refill_plan_customer_keys.down,
    name: '20261129_231144_refill_plan_customer_keys',
  },
  {
    up: migration_20261130_010904_refill_plans_list_order.up,
    down: migration_20261130_010904_refill_plans_list_order.down,
    name: '20261130_010904_refill_plans_list_order',
  },
  {
    up: migration_20261130_022550_batch_and_payment_times_in_detroit.up,
    down: migration_20261130_022550_batch_and_payment_times_in_detroit.down,
    name: '20261130_022550_batch_and_payment_times_in_detroit'
  },
];
