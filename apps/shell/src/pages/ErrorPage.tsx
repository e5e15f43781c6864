import { useEffect } from 'react';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export function ErrorPage({ status }: { status: '404' | '403' | '500' }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  useEffect(() => {
    document.title = status;
  }, [status]);
  return (
    <Result
      status={status}
      title={status}
      subTitle={t(`errors.${status}`)}
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('errors.backHome')}
        </Button>
      }
    />
  );
}
