import {
  DeleteColumnOutlined,
  DeleteOutlined,
  DeleteRowOutlined,
  InsertRowBelowOutlined,
  InsertRowRightOutlined,
  PictureOutlined,
  TableOutlined,
} from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { useCrudT } from '../../resource/i18n';
import { ToolButton } from './ToolButton';

/** Image (through the uploader) and table tools: insert a 3×3 table with a header row; inside one, add
 * or delete a row or a column, or delete the table. */
export function TableTools({
  editor,
  inTable,
  onImage,
}: {
  editor: Editor;
  inTable: boolean;
  onImage: () => void;
}) {
  const t = useCrudT();
  const run = () => editor.chain().focus();
  return (
    <>
      <ToolButton title={t('richImage')} icon={<PictureOutlined />} onClick={onImage} />
      <ToolButton
        title={t('richTable')}
        icon={<TableOutlined />}
        disabled={inTable}
        onClick={() => run().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
      />
      <ToolButton
        title={t('richRowAdd')}
        icon={<InsertRowBelowOutlined />}
        disabled={!inTable}
        onClick={() => run().addRowAfter().run()}
      />
      <ToolButton
        title={t('richRowDelete')}
        icon={<DeleteRowOutlined />}
        disabled={!inTable}
        onClick={() => run().deleteRow().run()}
      />
      <ToolButton
        title={t('richColumnAdd')}
        icon={<InsertRowRightOutlined />}
        disabled={!inTable}
        onClick={() => run().addColumnAfter().run()}
      />
      <ToolButton
        title={t('richColumnDelete')}
        icon={<DeleteColumnOutlined />}
        disabled={!inTable}
        onClick={() => run().deleteColumn().run()}
      />
      <ToolButton
        title={t('richTableDelete')}
        icon={<DeleteOutlined />}
        disabled={!inTable}
        onClick={() => run().deleteTable().run()}
      />
    </>
  );
}
