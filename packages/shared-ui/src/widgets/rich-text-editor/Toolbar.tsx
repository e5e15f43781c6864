import type { ReactNode } from 'react';
import { Select, Space } from 'antd';
import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { ChainedCommands } from '@tiptap/core';
import type { Editor } from '@tiptap/react';
import { useCrudT } from '../../resource/i18n';
import { safeUrl } from '../rich-text';
import { TableTools } from './TableTools';
import { ToolButton } from './ToolButton';
import { useToolbarState, type ToolbarState } from './toolbar-state';

type Level = 1 | 2 | 3 | 4;
type Toggle = [
  title: string,
  icon: ReactNode,
  active: keyof ToolbarState,
  run: (c: ChainedCommands) => ChainedCommands,
];

/** The toggles of the toolbar, in order: marks, then lists and quote. */
const MARKS: Toggle[] = [
  ['richBold', <BoldOutlined key="b" />, 'bold', (c) => c.toggleBold()],
  ['richItalic', <ItalicOutlined key="i" />, 'italic', (c) => c.toggleItalic()],
  ['richUnderline', <UnderlineOutlined key="u" />, 'underline', (c) => c.toggleUnderline()],
  ['richStrike', <StrikethroughOutlined key="s" />, 'strike', (c) => c.toggleStrike()],
];
const BLOCKS: Toggle[] = [
  ['richBullet', <UnorderedListOutlined key="ul" />, 'bulletList', (c) => c.toggleBulletList()],
  ['richOrdered', <OrderedListOutlined key="ol" />, 'orderedList', (c) => c.toggleOrderedList()],
  [
    'richQuote',
    <span key="q" style={{ fontFamily: 'serif', fontWeight: 700 }}>
      ❝
    </span>,
    'blockquote',
    (c) => c.toggleBlockquote(),
  ],
];
const ALIGNS = [
  ['left', 'richAlignLeft', <AlignLeftOutlined key="l" />],
  ['center', 'richAlignCenter', <AlignCenterOutlined key="c" />],
  ['right', 'richAlignRight', <AlignRightOutlined key="r" />],
] as const;

/** Inserts a link at the selection (or the address itself as the link's text). */
function addLink(editor: Editor, prompt: string): void {
  const url = safeUrl(window.prompt(prompt, 'https://') ?? '');
  if (!url) return;
  const chain = editor.chain().focus();
  if (editor.state.selection.empty)
    chain.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }).run();
  else chain.extendMarkRange('link').setLink({ href: url }).run();
}

/** The editor's toolbar: undo/redo, paragraph style, marks, lists, quote, link, alignment, then the
 * image and table tools. Every title is translated (zh-CN default, en). */
export function Toolbar({ editor, onImage }: { editor: Editor; onImage: () => void }) {
  const t = useCrudT();
  const s = useToolbarState(editor);
  const run = () => editor.chain().focus();
  const divider = <span className="tx-richtext-sep" />;
  const toggles = (list: Toggle[]) =>
    list.map(([title, icon, active, command]) => (
      <ToolButton
        key={title}
        title={t(title)}
        icon={icon}
        active={Boolean(s[active])}
        onClick={() => command(run()).run()}
      />
    ));
  return (
    <Space
      size={2}
      wrap
      className="tx-richtext-toolbar"
      style={{ padding: 4, borderBottom: '1px solid var(--ant-color-border, #d9d9d9)', width: '100%' }}
    >
      <ToolButton
        title={t('richUndo')}
        icon={<UndoOutlined />}
        disabled={!s.canUndo}
        onClick={() => run().undo().run()}
      />
      <ToolButton
        title={t('richRedo')}
        icon={<RedoOutlined />}
        disabled={!s.canRedo}
        onClick={() => run().redo().run()}
      />
      {divider}
      <Select
        size="small"
        aria-label={t('richHeading')}
        style={{ width: 96 }}
        value={s.heading}
        onChange={(level: number) =>
          level
            ? run()
                .setHeading({ level: level as Level })
                .run()
            : run().setParagraph().run()
        }
        options={[
          { value: 0, label: t('richParagraph') },
          ...([1, 2, 3, 4] as const).map((level) => ({ value: level, label: t(`richH${level}`) })),
        ]}
      />
      {toggles(MARKS)}
      {divider}
      {toggles(BLOCKS)}
      {s.link ? (
        <ToolButton
          title={t('richUnlink')}
          icon={<DisconnectOutlined />}
          active
          onClick={() => run().extendMarkRange('link').unsetLink().run()}
        />
      ) : (
        <ToolButton
          title={t('richLink')}
          icon={<LinkOutlined />}
          onClick={() => addLink(editor, t('richLinkPrompt'))}
        />
      )}
      {divider}
      {ALIGNS.map(([align, title, icon]) => (
        <ToolButton
          key={align}
          title={t(title)}
          icon={icon}
          active={s.align === align && align !== 'left'}
          onClick={() => (align === 'left' ? run().unsetTextAlign().run() : run().setTextAlign(align).run())}
        />
      ))}
      {divider}
      <TableTools editor={editor} inTable={s.inTable} onImage={onImage} />
    </Space>
  );
}
