import { App } from 'antd';
import { useTranslation } from 'react-i18next';

/** 确定将选择数据删除? then `remove`, 删除成功 and `done` (a refused delete keeps the server's message). */
export function useConfirmDelete() {
  const { t } = useTranslation('workflow');
  const { message, modal } = App.useApp();
  return (remove: () => Promise<unknown>, done: () => void) =>
    modal.confirm({
      title: t('action.delete'),
      content: t('msg.confirmDelete'),
      okText: t('action.confirm'),
      cancelText: t('action.cancel'),
      onOk: async () => {
        await remove();
        void message.success(t('msg.deleteSuccess'));
        done();
      },
    });
}
