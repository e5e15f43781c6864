import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureHttp, http } from '@tongxin/api-client';
import { Uploader, UPLOAD_URL } from '../src/widgets/Uploader';
import { CardContainer } from '../src/widgets/CardContainer';

const uploads: string[] = [];
beforeAll(async () => {
  if (!i18next.isInitialized)
    await i18next.use(initReactI18next).init({ lng: 'zh-CN', fallbackLng: 'zh-CN', resources: {} });
  configureHttp({ notifyError: () => undefined, onUnauthorized: () => undefined });
  http.defaults.adapter = async (config) => {
    uploads.push(config.url ?? '');
    const file = (config.data as FormData).get('file') as File;
    return {
      data: {
        code: 200,
        success: true,
        msg: '',
        // the server shortens long names (keeping the extension)
        data: {
          link: `/files/${file.name}`,
          originalName: file.name.length > 20 ? 'shortened.png' : file.name,
        },
      },
      status: 200,
      statusText: 'OK',
      headers: {},
      config,
    };
  };
});
afterEach(cleanup);

describe('Uploader', () => {
  it('uploads to put-file-attach and emits the JSON list of {originalName, link} once every item succeeded', async () => {
    const values: string[] = [];
    const { container } = render(
      <App>
        <Uploader accept="image/png" maxCount={2} onChange={(v) => values.push(v)} />
      </App>,
    );
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('image/png');
    expect(input.multiple).toBe(true);
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    });
    await waitFor(() => expect(values.at(-1)).toBeDefined());
    expect(uploads).toContain(UPLOAD_URL);
    expect(JSON.parse(values.at(-1)!)).toEqual([{ originalName: 'a.png', link: '/files/a.png' }]);
  });

  it('keeps the name the server answers with, never renaming the File (its name is read-only)', async () => {
    const values: string[] = [];
    const { container } = render(
      <App>
        <Uploader onChange={(v) => values.push(v)} />
      </App>,
    );
    const file = new File(['x'], `${'long'.repeat(10)}.png`, { type: 'image/png' });
    Object.defineProperty(file, 'name', { get: () => `${'long'.repeat(10)}.png` });
    await act(async () => {
      fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files: [file] } });
    });
    await waitFor(() => expect(values.at(-1)).toBeDefined());
    expect(JSON.parse(values.at(-1)!)).toEqual([
      { originalName: 'shortened.png', link: `/files/${'long'.repeat(10)}.png` },
    ]);
  });

  it('takes one file by default and shows existing files as picture cards', () => {
    const { container } = render(
      <App>
        <Uploader value={JSON.stringify([{ originalName: 'b.png', link: '/files/b.png' }])} />
      </App>,
    );
    expect(container.querySelector('.ant-upload-list-picture-card')).toBeTruthy();
    // max count 1 reached: no add card
    expect(screen.queryByText('上传')).toBeNull();
    expect(
      (container.querySelector('input[type="file"]') as HTMLInputElement | null)?.multiple ?? false,
    ).toBe(false);
  });

  it('plays a read-only video in a 290x190 player with the unsupported message', () => {
    const { container } = render(
      <App>
        <Uploader
          readOnly
          accept="video/mp4"
          value={JSON.stringify([{ originalName: 'v.mp4', link: '/files/v.mp4' }])}
        />
      </App>,
    );
    const video = container.querySelector('video')!;
    expect(video.getAttribute('width')).toBe('290');
    expect(video.getAttribute('height')).toBe('190');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.textContent).toContain('不支持');
  });
});

describe('CardContainer', () => {
  it('has radius 10 by default', () => {
    const { container } = render(<CardContainer>内容</CardContainer>);
    expect((container.firstChild as HTMLElement).style.borderRadius).toBe('10px');
  });
});
