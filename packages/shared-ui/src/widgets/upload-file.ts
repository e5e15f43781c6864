import { http, type R } from '@tongxin/api-client';

/** The file API's upload endpoint (the attachment is recorded, the answer names its link). */
export const UPLOAD_URL = '/api/blade-resource/oss/endpoint/put-file-attach';

export interface FileRecord {
  originalName: string;
  link: string;
}

/** Uploads one file to the file store; answers its link and the name the server keeps. */
export async function uploadFile(file: Blob): Promise<FileRecord> {
  const body = new FormData();
  body.append('file', file);
  const res = await http.post<R<FileRecord>>(UPLOAD_URL, body);
  if (!res.data.success) throw new Error(res.data.msg);
  return res.data.data;
}
