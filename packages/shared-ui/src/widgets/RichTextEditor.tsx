import { lazy, Suspense, useLayoutEffect, useRef } from 'react';
import { Spin } from 'antd';
import { useCrudT } from '../resource/i18n';
import { sanitizedFragment } from './rich-text';
import './rich-text-view.css';
import type { RichTextEditorProps } from './rich-text-editor/props';

export type { RichTextEditorProps } from './rich-text-editor/props';

/** tiptap and ProseMirror (~100 KiB gzip) load with the first form that has a rich-text field, from
 * shared-ui's own chunk (one copy for the shell and every remote), never with a page or /login. */
const TiptapEditor = lazy(() => import('./rich-text-editor/TiptapEditor'));

/** The rich-text field: a tiptap editor, loaded on first use. Value in and out is sanitised HTML. */
export function RichTextEditor(props: RichTextEditorProps) {
  const t = useCrudT();
  return (
    <Suspense
      fallback={
        <div className="tx-richtext-editor" style={{ minHeight: 160, padding: 12 }}>
          <Spin size="small" /> {t('richLoading')}
        </div>
      }
    >
      <TiptapEditor {...props} />
    </Suspense>
  );
}

/** Stored rich text shown read-only (view mode), through the same sanitiser, without loading the
 * editor. */
export function RichTextView({ value }: { value?: unknown }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    box.current?.replaceChildren(sanitizedFragment(typeof value === 'string' ? value : ''));
  }, [value]);
  return <div ref={box} className="tx-richtext-view" />;
}
