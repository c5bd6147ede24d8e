import { BusinessTimeCell as BusinessTimeCell_469321c07e2fb991b30f195f5e1e4dc4 } from '../../../features/admin/components/BusinessTime.client'
import { BusinessTimeField as BusinessTimeField_469321c07e2fb991b30f195f5e1e4dc4 } from '../../../features/admin/components/BusinessTime.client'
import { HeldByRecall as HeldByRecall_bb5f9faa140615d1f11090b266622878 } from '../../../features/recalls/components/HeldByRecall'
import { OrderOverview as OrderOverview_d5bc03130a6f83a6a6540a8620af78cf } from '../../../features/ordering/admin/OrderOverview'
import { FlavorsCell as FlavorsCell_2c03f20d830635a279fd175a5291a706 } from '../../../features/ordering/admin/FlavorsCell'
import { ExportListMenuItem as ExportListMenuItem_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { OrderQuickFilters as OrderQuickFilters_62f48f378665f968a54a55a4adb1dbdc } from '../../../features/admin/components/QuickFilters'
import { AvailableCell as AvailableCell_e1adbe3cbb96f24c0ae53a4a4abcf830 } from '../../../features/ordering/admin/AvailableCell'
import { IngredientRowLabel as IngredientRowLabel_a23ae5c69c8448cf6ae7497d6b6e54e0 } from '../../../features/admin/components/IngredientRowLabel'
import { BatchJarsCell as BatchJarsCell_f0edc9db1b3ad108fd185bc0bceecd2f } from '../../../features/ordering/admin/BatchJarsCell'
import { RecallThisBatch as RecallThisBatch_f2ee2d98c345771bb5a490cfd2d33fc4 } from '../../../features/recalls/components/RecallFromHere'
import { NextBatch as NextBatch_fe10d336297862496dcea78752fb19fd } from '../../../features/admin/components/NextBatch'
import { RecallThisLot as RecallThisLot_f2ee2d98c345771bb5a490cfd2d33fc4 } from '../../../features/recalls/components/RecallFromHere'
import { RefillPlansSummary as RefillPlansSummary_d6ee17987b6d9b40856a8975224a9336 } from '../../../features/admin/components/RefillPlansSummary'
import { YesNoCell as YesNoCell_0fb2bf3be29715c215ac795fca0d4ea2 } from '../../../features/admin/components/YesNoCell'
import { SubscriberQuickFilters as SubscriberQuickFilters_62f48f378665f968a54a55a4adb1dbdc } from '../../../features/admin/components/QuickFilters'
import { ContactMessageActions as ContactMessageActions_b794ae86982247855286bc0db77fa6a1 } from '../../../features/contact/admin/ContactActions'
import { ContactMessageQuickFilters as ContactMessageQuickFilters_62f48f378665f968a54a55a4adb1dbdc } from '../../../features/admin/components/QuickFilters'
import { RatingCell as RatingCell_bf4ef8de413413e949050bd27c1e308a } from '../../../features/reviews/admin/RatingCell'
import { ReviewQuickFilters as ReviewQuickFilters_62f48f378665f968a54a55a4adb1dbdc } from '../../../features/admin/components/QuickFilters'
import { ReviewBulkActions as ReviewBulkActions_b289780c8f11a5c18720df86ae2a8c0f } from '../../../features/reviews/admin/ReviewBulkActions'
import { RecallRecordLink as RecallRecordLink_931ecc6b95b973d44abeee0175df43d8 } from '../../../features/recalls/components/RecallRecordLink'
import { ExportStatus as ExportStatus_ec4c41667110e328b9dae796420c3eea } from '../../../features/admin/components/ExportStatus.client'
import { FormatField as FormatField_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { Page as Page_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { SortBy as SortBy_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { SortOrder as SortOrder_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { SelectionToUseField as SelectionToUseField_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { FieldsToExport as FieldsToExport_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { CollectionField as CollectionField_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { ExportPreview as ExportPreview_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { ExportSaveButton as ExportSaveButton_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { ImportPreview as ImportPreview_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { ImportSaveButton as ImportSaveButton_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { WindowRowLabel as WindowRowLabel_0d10b5f91e79de60467f74c84390db77 } from '../../../features/ordering/admin/WindowRowLabel'
import { TemplatePreview as TemplatePreview_c55c6c690ecae6611a1d7cde3a6c2121 } from '../../../features/messages/admin/TemplatePreview'
import { AdminIcon as AdminIcon_e0d77ed6ac948f7eea54a824876cfbd4 } from '../../../features/admin/components/AdminBrand'
import { AdminLogo as AdminLogo_e0d77ed6ac948f7eea54a824876cfbd4 } from '../../../features/admin/components/AdminBrand'
import { BusinessDashboard as BusinessDashboard_d03267e31c523644feb44d14f56b64e4 } from '../../../features/admin/components/BusinessDashboard'
import { AdminAddressNotice as AdminAddressNotice_48d3d7308864efc406d4c8ecb9b905e3 } from '../../../features/admin/components/AdminAddressNotice'
import { AdminNavLink as AdminNavLink_9a1fa2414ee3976cdbabde3a51689a92 } from '../../../features/admin/components/AdminNavLink'
import { WaitingLineNavLink as WaitingLineNavLink_8583ce059eea5ed36b914f5c6ccc3550 } from '../../../features/admin/components/WaitingLineNavLink'
import { S3ClientUploadHandler as S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24 } from '@payloadcms/storage-s3/client'
import { ImportExportProvider as ImportExportProvider_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { CustomersView as CustomersView_427f7f39c072614389904b261aa111e0 } from '../../../features/admin/components/CustomersView'
import { AddOrderView as AddOrderView_8cdf24cf1497a02f641a22fceca5c510 } from '../../../features/admin/components/AddOrderView'
import { PrepSheetView as PrepSheetView_caa12c2e13fc1e08c2ff2f347bbcbfc9 } from '../../../features/admin/components/PrepSheetView'
import { JarLabelsView as JarLabelsView_7cf1fd10426826befd8cb531bb4efe76 } from '../../../features/admin/components/JarLabelsView'
import { RecallView as RecallView_9a13e0170c3bd5ae962244bb09450ea1 } from '../../../features/recalls/components/RecallView'
import { RecallRecordView as RecallRecordView_63c0602816c429f643d99c879cb88676 } from '../../../features/recalls/components/RecallRecordView'
import { StatementView as StatementView_4e32d9082f445a9d9627192d389b7d5c } from '../../../features/admin/components/StatementView'
import { WaitingLineView as WaitingLineView_bda5ab4d35f37ac4cd645be5a13f73a9 } from '../../../features/admin/components/WaitingLineView'
import { OperationsView as OperationsView_9da16858b4d101f2038110c9244c2952 } from '../../../features/admin/components/OperationsView'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "/features/admin/components/BusinessTime.client#BusinessTimeCell": BusinessTimeCell_469321c07e2fb991b30f195f5e1e4dc4,
  "/features/admin/components/BusinessTime.client#BusinessTimeField": BusinessTimeField_469321c07e2fb991b30f195f5e1e4dc4,
  "/features/recalls/components/HeldByRecall#HeldByRecall": HeldByRecall_bb5f9faa140615d1f11090b266622878,
  "/features/ordering/admin/OrderOverview#OrderOverview": OrderOverview_d5bc03130a6f83a6a6540a8620af78cf,
  "/features/ordering/admin/FlavorsCell#FlavorsCell": FlavorsCell_2c03f20d830635a279fd175a5291a706,
  "@payloadcms/plugin-import-export/rsc#ExportListMenuItem": ExportListMenuItem_cdf7e044479f899a31f804427d568b36,
  "/features/admin/components/QuickFilters#OrderQuickFilters": OrderQuickFilters_62f48f378665f968a54a55a4adb1dbdc,
  "/features/ordering/admin/AvailableCell#AvailableCell": AvailableCell_e1adbe3cbb96f24c0ae53a4a4abcf830,
  "/features/admin/components/IngredientRowLabel#IngredientRowLabel": IngredientRowLabel_a23ae5c69c8448cf6ae7497d6b6e54e0,
  "/features/ordering/admin/BatchJarsCell#BatchJarsCell": BatchJarsCell_f0edc9db1b3ad108fd185bc0bceecd2f,
  "/features/recalls/components/RecallFromHere#RecallThisBatch": RecallThisBatch_f2ee2d98c345771bb5a490cfd2d33fc4,
  "/features/admin/components/NextBatch#NextBatch": NextBatch_fe10d336297862496dcea78752fb19fd,
  "/features/recalls/components/RecallFromHere#RecallThisLot": RecallThisLot_f2ee2d98c345771bb5a490cfd2d33fc4,
  "/features/admin/components/RefillPlansSummary#RefillPlansSummary": RefillPlansSummary_d6ee17987b6d9b40856a8975224a9336,
  "/features/admin/components/YesNoCell#YesNoCell": YesNoCell_0fb2bf3be29715c215ac795fca0d4ea2,
  "/features/admin/components/QuickFilters#SubscriberQuickFilters": SubscriberQuickFilters_62f48f378665f968a54a55a4adb1dbdc,
  "/features/contact/admin/ContactActions#ContactMessageActions": ContactMessageActions_b794ae86982247855286bc0db77fa6a1,
  "/features/admin/components/QuickFilters#ContactMessageQuickFilters": ContactMessageQuickFilters_62f48f378665f968a54a55a4adb1dbdc,
  "/features/reviews/admin/RatingCell#RatingCell": RatingCell_bf4ef8de413413e949050bd27c1e308a,
  "/features/admin/components/QuickFilters#ReviewQuickFilters": ReviewQuickFilters_62f48f378665f968a54a55a4adb1dbdc,
  "/features/reviews/admin/ReviewBulkActions#ReviewBulkActions": ReviewBulkActions_b289780c8f11a5c18720df86ae2a8c0f,
  "/features/recalls/components/RecallRecordLink#RecallRecordLink": RecallRecordLink_931ecc6b95b973d44abeee0175df43d8,
  "/features/admin/components/ExportStatus.client#ExportStatus": ExportStatus_ec4c41667110e328b9dae796420c3eea,
  "@payloadcms/plugin-import-export/rsc#FormatField": FormatField_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#Page": Page_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#SortBy": SortBy_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#SortOrder": SortOrder_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#SelectionToUseField": SelectionToUseField_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#FieldsToExport": FieldsToExport_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#CollectionField": CollectionField_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#ExportPreview": ExportPreview_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#ExportSaveButton": ExportSaveButton_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#ImportPreview": ImportPreview_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#ImportSaveButton": ImportSaveButton_cdf7e044479f899a31f804427d568b36,
  "/features/ordering/admin/WindowRowLabel#WindowRowLabel": WindowRowLabel_0d10b5f91e79de60467f74c84390db77,
  "/features/messages/admin/TemplatePreview#TemplatePreview": TemplatePreview_c55c6c690ecae6611a1d7cde3a6c2121,
  "/features/admin/components/AdminBrand#AdminIcon": AdminIcon_e0d77ed6ac948f7eea54a824876cfbd4,
  "/features/admin/components/AdminBrand#AdminLogo": AdminLogo_e0d77ed6ac948f7eea54a824876cfbd4,
  "/features/admin/components/BusinessDashboard#BusinessDashboard": BusinessDashboard_d03267e31c523644feb44d14f56b64e4,
  "/features/admin/components/AdminAddressNotice#AdminAddressNotice": AdminAddressNotice_48d3d7308864efc406d4c8ecb9b905e3,
  "/features/admin/components/AdminNavLink#AdminNavLink": AdminNavLink_9a1fa2414ee3976cdbabde3a51689a92,
  "/features/admin/components/WaitingLineNavLink#WaitingLineNavLink": WaitingLineNavLink_8583ce059eea5ed36b914f5c6ccc3550,
  "@payloadcms/storage-s3/client#S3ClientUploadHandler": S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24,
  "@payloadcms/plugin-import-export/rsc#ImportExportProvider": ImportExportProvider_cdf7e044479f899a31f804427d568b36,
  "/features/admin/components/CustomersView#CustomersView": CustomersView_427f7f39c072614389904b261aa111e0,
  "/features/admin/components/AddOrderView#AddOrderView": AddOrderView_8cdf24cf1497a02f641a22fceca5c510,
  "/features/admin/components/PrepSheetView#PrepSheetView": PrepSheetView_caa12c2e13fc1e08c2ff2f347bbcbfc9,
  "/features/admin/components/JarLabelsView#JarLabelsView": JarLabelsView_7cf1fd10426826befd8cb531bb4efe76,
  "/features/recalls/components/RecallView#RecallView": RecallView_9a13e0170c3bd5ae962244bb09450ea1,
  "/features/recalls/components/RecallRecordView#RecallRecordView": RecallRecordView_63c0602816c429f643d99c879cb88676,
  "/features/admin/components/StatementView#StatementView": StatementView_4e32d9082f445a9d9627192d389b7d5c,
  "/features/admin/components/WaitingLineView#WaitingLineView": WaitingLineView_bda5ab4d35f37ac4cd645be5a13f73a9,
  "/features/admin/components/OperationsView#OperationsView": OperationsView_9da16858b4d101f2038110c9244c2952,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
