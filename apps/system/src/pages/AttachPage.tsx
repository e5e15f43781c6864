/**
 * 附件管理 (/resource/attach). Why a page: attachments are added by uploading a file, not by a form, and
 * read by following the stored file's link; the definition's actions call wire verbs with the selected
 * ids and cannot choose a local file or open a download, so this page adds 上传 and 下载 around the
 * definition's generic screen.
 */
import { useRef } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { http, type R } from '@tongxin/api-client';
import { attachResource } from '@tongxin/resources';
import { ResourcePage, UPLOAD_URL } from '@tongxin/shared-ui';

/** 附件管理: the generic screen of the attachment definition, plus its two browser-side actions: 上传
 * (a file chosen here goes through the uploader's endpoint) and 下载 (the stored file's link). */
export function AttachPage() {
  const { t } = useTranslation(['system', 'crud']);
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const reloadRef = useRef<() => Promise<void>>(undefined);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const body = new FormData();
    body.append('file', file);
    try {
      const res = await http.post<R<{ link: string }>>(UPLOAD_URL, body);
      if (!res.data.success) throw new Error(res.data.msg);
      void message.success(t('attach.uploaded'));
      await reloadRef.current?.();
    } catch {
      // the envelope's message is shown by the client's interceptor
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        data-testid="attach-file"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      <ResourcePage
        def={attachResource}
        actions={{
          upload: ({ reload }) => {
            reloadRef.current = reload;
            input.current?.click();
          },
          download: ({ rows }) => {
            const link = rows[0]?.link;
            if (typeof link !== 'string' || !link) return;
            const a = document.createElement('a');
            a.href = link;
            a.download = String(rows[0]?.originalName ?? '');
            a.click();
          },
        }}
      />
    </>
  );
}
