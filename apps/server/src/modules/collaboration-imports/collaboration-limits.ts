/**
 * Upload limits of collaboration exports (docs/collaboration-network.md, "Limits"). A message
 * trace of a million rows is about 250 MB and a Slack export of a large workspace a few hundred MB;
 * both are streamed to disk and read a row or a day at a time. A 2 GB file is refused (413) while
 * it arrives. A calendar is parsed whole by ical.js, so it has a lower limit of its own.
 */
export const MAX_COLLABORATION_FILE_BYTES = 1024 * 1024 * 1024;
export const MAX_CALENDAR_FILE_BYTES = 100 * 1024 * 1024;
export const COLLABORATION_UPLOAD_FIELD = 'collaboration_file';
