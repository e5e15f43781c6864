import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Editor } from '@tiptap/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureHttp, http } from '@tongxin/api-client';
import { defineResource } from '@tongxin/resources';
import { FieldInput } from '../src/resource/fields';
import { RichTextEditor } from '../src/widgets/RichTextEditor';
import { UPLOAD_URL } from '../src/widgets/upload-file';

// The rich-text field is a lazily loaded tiptap editor: what it emits is HTML the allow-list keeps, an
// outside value round-trips, images go through the file API, and read-only shows no toolbar.

const uploads: { url: string; name: string }[] = [];
beforeAll(async () => {
  if (!i18next.isInitialized)
    await i18next.use(initReactI18next).init({ lng: 'zh-CN', fallbackLng: 'zh-CN', resources: {} });
  configureHttp({ notifyError: () => undefined, onUnauthorized: () => undefined });
  http.defaults.adapter = async (config) => {
    const file = (config.data as FormData).get('file') as File;
    uploads.push({ url: config.url ?? '', name: file.name });
    const refused = file.name.startsWith('bad');
    return {
      data: refused
        ? { code: 400, success: false, msg: '文件类型不允许', data: null }
        : {
            code: 200,
            success: true,
            msg: '',
            data: { link: `/files/up-${file.name}`, originalName: file.name },
          },
      status: 200,
      statusText: 'OK',
      headers: {},
      config,
    };
  };
});
afterEach(cleanup);

const field = defineResource({
  name: 'kinds',
  label: { zh: '字段', en: 'Kinds' },
  path: '/api/kinds',
  table: 'kinds',
  permission: 'kinds',
  tenant: false,
  audit: false,
  softDelete: false,
  fields: [{ name: 'content', kind: 'richtext', label: { zh: '内容', en: 'Content' } }],
}).fields[0]!;

/** The editable box once the lazy editor has loaded, and its tiptap instance (tiptap keeps it on the
 * ProseMirror element for tests). */
async function editorOf(container: HTMLElement) {
  const box = await waitFor(() => {
    const el = container.querySelector<HTMLElement>('.ProseMirror');
    if (!el) throw new Error('editor not loaded yet');
    return el;
  });
  return { box, editor: (box as HTMLElement & { editor: Editor }).editor };
}

function mount(props: { value?: string; readOnly?: boolean; disabled?: boolean }) {
  const values: string[] = [];
  const view = render(
    <App>
      <RichTextEditor {...props} onChange={(v) => values.push(v)} />
    </App>,
  );
  return { ...view, values };
}

const click = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};

describe('rich-text editor (tiptap)', () => {
  it('typing and the toolbar produce the HTML the allow-list keeps', async () => {
    const { container, values } = mount({});
    const { editor } = await editorOf(container);
    await act(async () => {
      editor.chain().focus().insertContent('通知').selectAll().run();
    });
    expect(values.at(-1)).toBe('<p>通知</p>');
    await click('加粗');
    expect(values.at(-1)).toBe('<p><strong>通知</strong></p>');
    await click('居中');
    expect(values.at(-1)).toBe('<p style="text-align: center;"><strong>通知</strong></p>');
    await click('项目列表');
    expect(values.at(-1)).toBe('<ul><li><p style="text-align: center;"><strong>通知</strong></p></li></ul>');
    // undo steps back (the history groups quick steps, so it may undo more than the list)
    await click('撤销');
    expect(values.at(-1)).toMatch(/^<p[^>]*><strong>通知<\/strong><\/p>$/);
  });

  it('inserts a table, adds and removes rows and columns, deletes it', async () => {
    const { container, values } = mount({ value: '<p>前</p>' });
    const { editor } = await editorOf(container);
    await act(async () => {
      editor.commands.focus('end');
    });
    expect(screen.getByRole('button', { name: '删除表格' })).toHaveProperty('disabled', true);
    await click('插入表格');
    const cells = () => container.querySelectorAll('.ProseMirror table tr').length;
    const cols = () => container.querySelectorAll('.ProseMirror table tr:first-child > *').length;
    expect([cells(), cols()]).toEqual([3, 3]);
    expect(values.at(-1)).toMatch(/^<p>前<\/p><table[^>]*>.*<tbody><tr><th><p><\/p><\/th><th>.*<\/table>$/);
    await click('下方插入行');
    await click('右侧插入列');
    expect([cells(), cols()]).toEqual([4, 4]);
    await click('删除行');
    await click('删除列');
    expect([cells(), cols()]).toEqual([3, 3]);
    await click('删除表格');
    expect(container.querySelector('.ProseMirror table')).toBeNull();
    expect(values.at(-1)).not.toMatch(/<table/);
  });

  it('an outside value round-trips: shown sanitised, replaced on reset, not re-set by its own echo', async () => {
    const stored =
      '<h2>标题</h2><p><strong>粗</strong><em>斜</em><u>下</u><s>删</s><a target="_blank" rel="noopener noreferrer" href="https://example.cn">链</a></p>' +
      '<table><tbody><tr><th colspan="2"><p>头</p></th></tr><tr><td><p>格</p></td><td><p>二</p></td></tr></tbody></table>' +
      '<blockquote><p>引</p></blockquote><img src="/files/a.png" alt="图">';
    const { container, values, rerender } = mount({
      value: `${stored}<script>alert(1)</script><p onclick="x()">点</p>`,
    });
    const { box, editor } = await editorOf(container);
    expect(box.querySelector('script, [onclick]')).toBeNull();
    expect(editor.getHTML()).toBe(
      '<h2>标题</h2><p><strong>粗</strong><em>斜</em><u>下</u><s>删</s><a target="_blank" rel="noopener noreferrer" href="https://example.cn">链</a></p>' +
        '<table style="min-width: 50px;"><colgroup><col style="min-width: 25px;"><col style="min-width: 25px;"></colgroup>' +
        '<tbody><tr><th colspan="2"><p>头</p></th></tr><tr><td><p>格</p></td><td><p>二</p></td></tr></tbody></table>' +
        '<blockquote><p>引</p></blockquote><img src="/files/a.png" alt="图"><p>点</p>',
    );
    expect(values).toEqual([]);
    rerender(
      <App>
        <RichTextEditor value="<p>重置</p>" onChange={(v) => values.push(v)} />
      </App>,
    );
    await waitFor(() => expect(editor.getHTML()).toBe('<p>重置</p>'));
    await act(async () => {
      editor.commands.insertContent('!');
    });
    expect(values.at(-1)).toBe('<p>重置!</p>');
    rerender(
      <App>
        <RichTextEditor value={values.at(-1)} onChange={(v) => values.push(v)} />
      </App>,
    );
    expect(editor.getHTML()).toBe('<p>重置!</p>');
    await act(async () => {
      editor.commands.clearContent(true);
    });
    expect(values.at(-1)).toBe('');
  });

  it('an image goes through the file API and is inserted by its link', async () => {
    const { container, values } = mount({ value: '<p>图文</p>' });
    await editorOf(container);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.accept).toBe('image/*');
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['png'], 'photo.png', { type: 'image/png' })] } });
    });
    await waitFor(() => expect(values.at(-1)).toContain('<img src="/files/up-photo.png" alt="photo.png">'));
    expect(uploads).toEqual([{ url: UPLOAD_URL, name: 'photo.png' }]);
  });

  it('a pasted image file is uploaded too, never kept as data', async () => {
    const { container, values } = mount({ value: '<p>粘贴</p>' });
    const { box } = await editorOf(container);
    const paste = new Event('paste', { bubbles: true, cancelable: true });
    const file = new File(['png'], 'pasted.png', { type: 'image/png' });
    Object.defineProperty(paste, 'clipboardData', {
      value: { files: [file], types: ['Files'], getData: () => '' },
    });
    await act(async () => {
      box.dispatchEvent(paste);
    });
    await waitFor(() => expect(values.at(-1)).toContain('<img src="/files/up-pasted.png" alt="pasted.png">'));
    expect(uploads.at(-1)).toEqual({ url: UPLOAD_URL, name: 'pasted.png' });
    expect(values.at(-1)).not.toContain('data:');
  });

  it('a refused upload inserts nothing and says so', async () => {
    const { container, values } = mount({ value: '<p>失败</p>' });
    await editorOf(container);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['x'], 'bad.png', { type: 'image/png' })] } });
    });
    expect(await screen.findByText('上传失败')).toBeTruthy();
    expect(uploads.at(-1)).toEqual({ url: UPLOAD_URL, name: 'bad.png' });
    expect(values.join('')).not.toContain('<img');
  });

  it('read-only shows the content without toolbar and cannot be edited', async () => {
    const { container } = mount({ value: '<p><strong>只读</strong></p>', readOnly: true });
    const { box, editor } = await editorOf(container);
    expect(box.getAttribute('contenteditable')).toBe('false');
    expect(box.innerHTML).toContain('<strong>只读</strong>');
    expect(screen.queryByRole('button', { name: '加粗' })).toBeNull();
    expect(editor.isEditable).toBe(false);
  });

  it('is what a richtext field renders in a form', async () => {
    let value: unknown;
    const { container } = render(
      <App>
        <FieldInput field={field} value="<p>表单</p>" onChange={(v) => (value = v)} />
      </App>,
    );
    const { editor } = await editorOf(container);
    expect(editor.getHTML()).toBe('<p>表单</p>');
    await act(async () => {
      editor.commands.selectAll();
    });
    await click('斜体');
    expect(value).toBe('<p><em>表单</em></p>');
  });
});
