/** data-export: 'Download my data', everything kept about one student. Its public surface. */
export { DataExportService, exportFileName, type StudentData } from './data-export.service';
export { dataExportRestRoutes } from './data-export.rest';
export { DataExportArchiveService, DATA_EXPORT_QUEUE, ARCHIVE_LIFETIME_MS, type ArchiveState } from './data-export-archive.service';
