import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp, http } from '@tongxin/api-client';
import { defineResource } from '@tongxin/resources';
import { FieldInput } from '../src/resource/fields';
import { clearRegionCache, RegionText } from '../src/widgets/RegionCascader';
import { htmlToText, sanitizeHtml } from '../src/widgets/rich-text';
import { RichTextView } from '../src/widgets/RichTextEditor';

// The region field is a cascader over region/lazy-tree; rich text is an editor whose value, and whatever
// it shows, went through the allow-list sanitiser.

const calls: { url: string; params: Record<string, string> }[] = [];
const regions: Record<string, { id: string; title: string; value: string; hasChildren?: boolean }[]> = {
  '00': [
    { id: '540000', title: '西藏自治区', value: '540000', hasChildren: true },
    { id: '630000', title: '青海省', value: '630000', hasChildren: true },
  ],
  '540000': [{ id: '540100', title: '拉萨市', value: '540100', hasChildren: true }],
  '540100': [{ id: '540102', title: '城关区', value: '540102' }],
};

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'zh-CN', fallbackLng: 'zh-CN', resources: {} });
  configureHttp({ notifyError: () => undefined, onUnauthorized: () => undefined });
  http.defaults.adapter = async (config) => {
    const params = (config.params ?? {}) as Record<string, string>;
    calls.push({ url: config.url ?? '', params });
    const data =
      config.url === '/api/blade-system/region/lazy-tree' ? (regions[params.parentCode!] ?? []) : null;
    return {
      data: { code: 200, success: true, msg: '操作成功', data },
      status: 200,
      statusText: 'OK',
      headers: {},
      config,
    };
  };
});
beforeEach(() => {
  calls.length = 0;
  clearRegionCache();
});
afterEach(cleanup);

const def = defineResource({
  name: 'kinds',
  label: { zh: '字段', en: 'Kinds' },
  path: '/api/kinds',
  table: 'kinds',
  permission: 'kinds',
  tenant: false,
  audit: false,
  softDelete: false,
  fields: [
    { name: 'region', kind: 'region', label: { zh: '所在地区', en: 'Region' } },
    { name: 'content', kind: 'richtext', label: { zh: '内容', en: 'Content' } },
  ],
});
const [regionField] = def.fields;

describe('region field', () => {
  it('is a cascader over region/lazy-tree?parentCode that emits the code path comma-joined', async () => {
    let value: unknown;
    render(
      <App>
        <FieldInput field={regionField!} onChange={(v) => (value = v)} />
      </App>,
    );
    await waitFor(() =>
      expect(calls).toEqual([{ url: '/api/blade-system/region/lazy-tree', params: { parentCode: '00' } }]),
    );
    fireEvent.mouseDown(document.querySelector('.ant-cascader')!);
    fireEvent.click(await screen.findByText('西藏自治区'));
    await waitFor(() => expect(calls.at(-1)?.params).toEqual({ parentCode: '540000' }));
    fireEvent.click(await screen.findByText('拉萨市'));
    fireEvent.click(await screen.findByText('城关区'));
    await waitFor(() => expect(value).toBe('540000,540100,540102'));
  });

  it('shows a saved path by its names', async () => {
    render(
      <App>
        <FieldInput field={regionField!} value="540000,540100,540102" />
        <RegionText value="540000,540100,540102" />
      </App>,
    );
    // the cascader's own label path, and the text
    expect(await screen.findAllByText('西藏自治区 / 拉萨市 / 城关区')).toHaveLength(2);
    // one read per level, shared by both through the cache
    expect(calls.map((c) => c.params.parentCode).sort()).toEqual(['00', '540000', '540100']);
  });
});

describe('rich text', () => {
  const hostile =
    '<p onclick="steal()">正文<script>alert(1)</script><b>粗</b></p><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">链</a><iframe src="https://e.cn"></iframe>';

  it('sanitises: formatting stays, scripts, handlers, frames and script URLs go', () => {
    expect(sanitizeHtml(hostile)).toBe('<p>正文<b>粗</b></p><img><a rel="noopener noreferrer">链</a>');
    expect(sanitizeHtml('<a href="https://example.cn" target="_top">x</a>')).toBe(
      '<a href="https://example.cn" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<img src="/files/a.png"><img src="//evil.cn/x.png">')).toBe(
      '<img src="/files/a.png"><img>',
    );
    expect(htmlToText('<p>一<b>二</b></p>')).toBe('一二');
  });

  it('keeps tables with their spans and alignment, nothing else of a style', () => {
    expect(
      sanitizeHtml(
        '<table style="min-width: 50px"><colgroup><col style="width: 9px"></colgroup><tbody><tr>' +
          '<th colspan="2" rowspan="1" onclick="x()"><p style="text-align: center; color: red">头</p></th>' +
          '<td colspan="x" rowspan="300" style="text-align: right"><p style="text-align: expression(x)">格</p></td>' +
          '</tr></tbody></table>',
      ),
    ).toBe(
      '<table><tbody><tr><th colspan="2" rowspan="1"><p style="text-align: center">头</p></th>' +
        '<td style="text-align: right"><p>格</p></td></tr></tbody></table>',
    );
    expect(
      sanitizeHtml('<p><img src="data:image/png;base64,AAAA"><img src="/files/b.png" alt="图"></p>'),
    ).toBe('<p><img><img src="/files/b.png" alt="图"></p>');
  });

  it('view mode renders the stored HTML through the sanitiser', () => {
    const { container } = render(<RichTextView value={hostile} />);
    expect(container.innerHTML).toBe(
      '<div class="tx-richtext-view"><p>正文<b>粗</b></p><img><a rel="noopener noreferrer">链</a></div>',
    );
  });
});
