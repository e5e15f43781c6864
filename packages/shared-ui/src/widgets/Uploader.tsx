import { useState } from 'react';
import { App, Image, Upload, type UploadFile } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useCrudT } from '../resource/i18n';
import { uploadFile, type FileRecord } from './upload-file';

export { UPLOAD_URL, type FileRecord } from './upload-file';

/** The uploader's value is the JSON-encoded list of file records (docs/api.md#values). */
export function parseFileList(value: unknown): FileRecord[] {
  if (!value) return [];
  if (Array.isArray(value)) return value as FileRecord[];
  if (typeof value !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as FileRecord[]) : [];
  } catch {
    // a bare link (older rows)
    return [{ originalName: value.split('/').pop() ?? value, link: value }];
  }
}

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  /** Accepted types, e.g. `image/png,image/jpeg` or `video/*`. */
  accept?: string;
  /** How many files (default 1). */
  maxCount?: number;
  multiple?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
}

const filesOf = (value: unknown): UploadFile[] =>
  parseFileList(value).map((r, i) => ({
    uid: `${i}-${r.link}`,
    name: r.originalName,
    status: 'done',
    url: r.link,
  }));

/** Uploader (docs/front-end.md#pickers-and-widgets): picture-card thumbnails, preview, removal, multiple,
 * accept filter, max count (default 1); read-only video as a 290x190 player. Emits the JSON list once every
 * item has succeeded. */
export function Uploader({ value, onChange, accept, maxCount = 1, multiple, readOnly, disabled }: Props) {
  const t = useCrudT();
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>(() => filesOf(value));
  const [preview, setPreview] = useState<string>();
  // a new value from the form replaces the list, unless it is what the list already shows
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    const records = parseFileList(value);
    const same =
      files.length === records.length &&
      files.every((f, i) => f.status === 'done' && f.url === records[i]!.link);
    if (!same) setFiles(filesOf(value));
  }

  const isVideo = (accept ?? '').startsWith('video');
  if (readOnly && isVideo) {
    const first = parseFileList(value)[0];
    return first ? (
      <video src={first.link} width={290} height={190} controls>
        {t('videoUnsupported')}
      </video>
    ) : null;
  }

  const emit = (list: UploadFile[]) => {
    // a file just uploaded carries the server's answer: its link and the name it keeps
    const done = list.map((f) => {
      const answer = f.response as Partial<FileRecord> | undefined;
      return { ...f, url: f.url ?? answer?.link, name: answer?.originalName ?? f.name };
    });
    setFiles(done);
    if (done.every((f) => f.status === 'done' && f.url)) {
      onChange?.(JSON.stringify(done.map((f) => ({ originalName: f.name, link: f.url! }))));
    }
  };

  return (
    <>
      <Upload
        listType="picture-card"
        accept={accept}
        multiple={multiple ?? maxCount > 1}
        maxCount={maxCount}
        fileList={files}
        disabled={disabled || readOnly}
        showUploadList={{ showRemoveIcon: !readOnly && !disabled }}
        onPreview={(file) => setPreview(file.url ?? file.thumbUrl)}
        onChange={({ fileList }) => emit(fileList)}
        customRequest={({ file, onSuccess, onError }) => {
          uploadFile(file as Blob)
            .then((record) => {
              // the answer becomes the list item's `response` (emit reads link and name from it): the
              // File itself takes no new name (its `name` is a read-only getter)
              onSuccess?.(record);
            })
            .catch((error: unknown) => {
              void message.error(t('uploadFailed'));
              onError?.(error as Error);
            });
        }}
      >
        {!readOnly && files.length < maxCount && (
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('upload')}</div>
          </div>
        )}
      </Upload>
      {preview && (
        <Image
          style={{ display: 'none' }}
          src={preview}
          preview={{ open: true, onOpenChange: (open) => !open && setPreview(undefined) }}
        />
      )}
    </>
  );
}
