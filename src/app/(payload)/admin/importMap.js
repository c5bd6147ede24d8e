import { OrderSummary as OrderSummary_1999d0bc4395900ada89eec19782e4da } from '../../../components/admin/OrderSummary'
import { FlavorsCell as FlavorsCell_5ea374b604ff9b1f58dbdfd1d1c57b7a } from '../../../components/admin/FlavorsCell'
import { ExportListMenuItem as ExportListMenuItem_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { OrderQuickFilters as OrderQuickFilters_cb7f1a38b7fc55c897659530c557169a } from '../../../components/admin/QuickFilters'
import { YesNoCell as YesNoCell_c819861bcfbec7c19feb676c4d30e0cc } from '../../../components/admin/YesNoCell'
import { SubscriberQuickFilters as SubscriberQuickFilters_cb7f1a38b7fc55c897659530c557169a } from '../../../components/admin/QuickFilters'
import { ContactMessageActions as ContactMessageActions_2180cbf129774707176489d3a1a5cfe6 } from '../../../components/admin/ContactActions'
import { ContactMessageQuickFilters as ContactMessageQuickFilters_cb7f1a38b7fc55c897659530c557169a } from '../../../components/admin/QuickFilters'
import { RatingCell as RatingCell_210861bfcc296aaad95894070b7b3d0b } from '../../../components/admin/RatingCell'
import { ReviewQuickFilters as ReviewQuickFilters_cb7f1a38b7fc55c897659530c557169a } from '../../../components/admin/QuickFilters'
import { ReviewBulkActions as ReviewBulkActions_e206b3488bc93ea887ac3dc63fa64c87 } from '../../../components/admin/ReviewBulkActions'
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
import { BusinessDashboard as BusinessDashboard_d9cae5c2c0afb62cb3fdd8d024b75d79 } from '../../../components/admin/BusinessDashboard'
import { S3ClientUploadHandler as S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24 } from '@payloadcms/storage-s3/client'
import { ImportExportProvider as ImportExportProvider_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "/components/admin/OrderSummary#OrderSummary": OrderSummary_1999d0bc4395900ada89eec19782e4da,
  "/components/admin/FlavorsCell#FlavorsCell": FlavorsCell_5ea374b604ff9b1f58dbdfd1d1c57b7a,
  "@payloadcms/plugin-import-export/rsc#ExportListMenuItem": ExportListMenuItem_cdf7e044479f899a31f804427d568b36,
  "/components/admin/QuickFilters#OrderQuickFilters": OrderQuickFilters_cb7f1a38b7fc55c897659530c557169a,
  "/components/admin/YesNoCell#YesNoCell": YesNoCell_c819861bcfbec7c19feb676c4d30e0cc,
  "/components/admin/QuickFilters#SubscriberQuickFilters": SubscriberQuickFilters_cb7f1a38b7fc55c897659530c557169a,
  "/components/admin/ContactActions#ContactMessageActions": ContactMessageActions_2180cbf129774707176489d3a1a5cfe6,
  "/components/admin/QuickFilters#ContactMessageQuickFilters": ContactMessageQuickFilters_cb7f1a38b7fc55c897659530c557169a,
  "/components/admin/RatingCell#RatingCell": RatingCell_210861bfcc296aaad95894070b7b3d0b,
  "/components/admin/QuickFilters#ReviewQuickFilters": ReviewQuickFilters_cb7f1a38b7fc55c897659530c557169a,
  "/components/admin/ReviewBulkActions#ReviewBulkActions": ReviewBulkActions_e206b3488bc93ea887ac3dc63fa64c87,
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
  "/components/admin/BusinessDashboard#BusinessDashboard": BusinessDashboard_d9cae5c2c0afb62cb3fdd8d024b75d79,
  "@payloadcms/storage-s3/client#S3ClientUploadHandler": S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24,
  "@payloadcms/plugin-import-export/rsc#ImportExportProvider": ImportExportProvider_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
