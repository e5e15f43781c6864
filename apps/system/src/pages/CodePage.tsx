/**
 * 代码生成 (/tool/code). The list and form are the code definition's generic screen. Why a page: its two
 * extra actions answer with files rather than a record change, a preview of the generated artefacts in
 * tabs and a zip download (`gen-code`); the definition's action vocabulary (verbs that change records,
 * with confirmation) has no "show the answer as files" effect.
 */
import { useState } from 'react';
import { App, Modal, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { http, type R } from '@tongxin/api-client';
import { codeResource } from '@tongxin/resources';
import { ResourcePage } from '@tongxin/shared-ui';

const BASE = '/api/blade-develop/code';
interface GeneratedFile {
  path: string;
  content: string;
}

/** 代码生成: the generic screen of the definition, plus 代码生成 (the chosen rows' artefacts as a zip
 * download) and 预览 (the generated files of one row, one tab each). */
export function CodePage() {
  const { t } = useTranslation(['system', 'crud']);
  const { message } = App.useApp();
  const [files, setFiles] = useState<GeneratedFile[]>();

  const download = async (ids: string[]) => {
    if (!ids.length) {
      void message.warning(t('crud:selectAtLeastOne'));
      return;
    }
    const res = await http.post<Blob>(`${BASE}/gen-code`, null, {
      params: { ids: ids.join(','), system: 'saber3' },
      responseType: 'blob',
    });
    const url = URL.createObjectURL(res.data);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'tongxin-code.zip';
    a.click();
    URL.revokeObjectURL(url);
  };

  const preview = async (id: string | undefined) => {
    if (!id) return;
    const res = await http.get<R<GeneratedFile[]>>(`${BASE}/preview`, { params: { id } });
    if (res.data.success) setFiles(res.data.data);
  };

  return (
    <>
      <ResourcePage
        def={codeResource}
        actions={{
          gen: ({ ids }) => download(ids).catch(() => undefined),
          preview: ({ ids }) => preview(ids[0]).catch(() => undefined),
        }}
      />
      <Modal
        open={Boolean(files)}
        title={t('code.previewTitle')}
        width={960}
        footer={null}
        onCancel={() => setFiles(undefined)}
        destroyOnHidden
      >
        <Tabs
          items={(files ?? []).map((f) => ({
            key: f.path,
            label: f.path.split('/').pop(),
            children: (
              <pre data-testid="code-preview" style={{ maxHeight: 520, overflow: 'auto', fontSize: 12 }}>
                <div style={{ color: '#888' }}>{f.path}</div>
                {f.content}
              </pre>
            ),
          }))}
        />
      </Modal>
    </>
  );
}
