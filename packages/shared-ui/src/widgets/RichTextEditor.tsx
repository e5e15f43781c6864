import { useLayoutEffect, useRef, type ClipboardEvent, type ReactNode } from 'react';
import { Button, Space, Tooltip } from 'antd';
import {
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useCrudT } from '../resource/i18n';
import { htmlToText, safeUrl, sanitizedFragment, sanitizeHtml } from './rich-text';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
}

/** `document.execCommand` is deprecated but still the one formatting primitive every browser shares;
 * it is all a basic editor needs. */
const exec = (command: string, arg?: string) => document.execCommand(command, false, arg);

/** A toolbar button; pressing it keeps the editor's selection. */
function ToolButton({
  title,
  icon,
  disabled,
  onClick,
}: {
  title: string;
  icon: ReactNode;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={title}>
      <Button
        size="small"
        type="text"
        icon={icon}
        aria-label={title}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/**
 * A small rich-text editor: a contenteditable box with bold, italic, underline, lists, links and
 * clear-formatting. Whatever is typed, pasted or set from outside goes through the allow-list sanitiser
 * before it is shown or emitted, so the value is always sanitised HTML (the server sanitises again).
 * A library editor (Quill, TipTap, Lexical) would add tens of kB gzipped to every remote for the few
 * screens that need rich text; this one costs almost nothing.
 */
export function RichTextEditor({ value, onChange, disabled, placeholder, id }: RichTextEditorProps) {
  const t = useCrudT();
  const box = useRef<HTMLDivElement>(null);
  const emitted = useRef<string | undefined>(undefined);

  // a value from outside (the form's initial or reset value) replaces the content; our own echo does not
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || value === emitted.current) return;
    el.replaceChildren(sanitizedFragment(value ?? ''));
    emitted.current = value;
  }, [value]);

  const emit = () => {
    const el = box.current;
    if (!el) return;
    // an editor left with only empty markup (<p><br></p>) holds no value
    const empty = !htmlToText(el.innerHTML) && !el.querySelector('img');
    const html = empty ? '' : sanitizeHtml(el.innerHTML);
    emitted.current = html;
    onChange?.(html);
  };
  const run = (command: string, arg?: string) => {
    if (disabled) return;
    box.current?.focus();
    exec(command, arg);
    emit();
  };
  const link = () => {
    const url = safeUrl(window.prompt(t('richLinkPrompt'), 'https://') ?? '');
    if (url) run('createLink', url);
  };
  const paste = (e: ClipboardEvent<HTMLDivElement>) => {
    e.preventDefault();
    const html = e.clipboardData.getData('text/html');
    if (html) exec('insertHTML', sanitizeHtml(html));
    else exec('insertText', e.clipboardData.getData('text/plain'));
    emit();
  };

  return (
    <div
      className="tx-richtext"
      style={{ border: '1px solid var(--ant-color-border, #d9d9d9)', borderRadius: 6 }}
    >
      <Space size={2} style={{ padding: 4, borderBottom: '1px solid var(--ant-color-border, #d9d9d9)' }}>
        <ToolButton
          title={t('richBold')}
          icon={<BoldOutlined />}
          disabled={disabled}
          onClick={() => run('bold')}
        />
        <ToolButton
          title={t('richItalic')}
          icon={<ItalicOutlined />}
          disabled={disabled}
          onClick={() => run('italic')}
        />
        <ToolButton
          title={t('richUnderline')}
          icon={<UnderlineOutlined />}
          disabled={disabled}
          onClick={() => run('underline')}
        />
        <ToolButton
          title={t('richOrdered')}
          icon={<OrderedListOutlined />}
          disabled={disabled}
          onClick={() => run('insertOrderedList')}
        />
        <ToolButton
          title={t('richBullet')}
          icon={<UnorderedListOutlined />}
          disabled={disabled}
          onClick={() => run('insertUnorderedList')}
        />
        <ToolButton title={t('richLink')} icon={<LinkOutlined />} disabled={disabled} onClick={link} />
        <ToolButton
          title={t('richClear')}
          icon={<ClearOutlined />}
          disabled={disabled}
          onClick={() => run('removeFormat')}
        />
      </Space>
      <div
        ref={box}
        id={id}
        role="textbox"
        aria-multiline="true"
        aria-placeholder={placeholder}
        data-placeholder={placeholder}
        contentEditable={!disabled}
        suppressContentEditableWarning
        onInput={emit}
        onBlur={emit}
        onPaste={paste}
        style={{ minHeight: 120, padding: '6px 11px', outline: 'none' }}
      />
    </div>
  );
}

/** Stored rich text shown read-only (view mode), through the same sanitiser. */
export function RichTextView({ value }: { value?: unknown }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    box.current?.replaceChildren(sanitizedFragment(typeof value === 'string' ? value : ''));
  }, [value]);
  return <div ref={box} className="tx-richtext-view" />;
}
