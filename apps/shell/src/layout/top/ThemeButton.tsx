import { useState } from 'react';
import { Button, Card, Col, Modal, Row, Tooltip } from 'antd';
import { CheckOutlined, SkinOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAppearanceStore } from '../../theme/appearance-store';
import { THEME_NAMES, THEMES } from '../../theme/themes';

/** Theme choice dialog (docs/front-end.md#the-shells-frame). */
export function ThemeButton() {
  const { t } = useTranslation('shell');
  const current = useAppearanceStore((s) => s.theme);
  const setTheme = useAppearanceStore((s) => s.setTheme);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('top.theme')}>
        <Button
          type="text"
          icon={<SkinOutlined />}
          onClick={() => setOpen(true)}
          aria-label={t('top.theme')}
        />
      </Tooltip>
      <Modal open={open} title={t('top.theme')} footer={null} width={640} onCancel={() => setOpen(false)}>
        <Row gutter={[12, 12]}>
          {THEME_NAMES.map((name) => {
            const [sider, header] = THEMES[name].swatch;
            return (
              <Col span={8} key={name}>
                <Card size="small" hoverable onClick={() => setTheme(name)} data-theme-option={name}>
                  <div
                    style={{
                      display: 'flex',
                      height: 48,
                      borderRadius: 4,
                      overflow: 'hidden',
                      border: '1px solid #eee',
                    }}
                  >
                    <div style={{ width: '30%', background: sider }} />
                    <div style={{ flex: 1, background: header }} />
                  </div>
                  <div style={{ marginTop: 6, textAlign: 'center' }}>
                    {t(`themes.${name}`)} {current === name && <CheckOutlined />}
                  </div>
                </Card>
              </Col>
            );
          })}
        </Row>
      </Modal>
    </>
  );
}
