import { useRef, useState, type MouseEvent } from 'react';
import { Button, Card, Input, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getStore, setStore } from '@tongxin/api-client';

interface Point {
  id: number;
  name: string;
  x: number;
  y: number;
}

const STORE_NAME = 'mapDesignPoints';

/** /map/design: place, name, move and delete points on a grid canvas; kept in local storage. */
export default function MapDesignPage() {
  const { t } = useTranslation('shell');
  const canvas = useRef<HTMLDivElement>(null);
  const [points, setPoints] = useState<Point[]>(() => getStore<Point[]>(STORE_NAME) ?? []);
  const [dragging, setDragging] = useState<number>();

  const save = (next: Point[]) => {
    setPoints(next);
    setStore({ name: STORE_NAME, content: next });
  };
  const position = (event: MouseEvent) => {
    const box = canvas.current!.getBoundingClientRect();
    return {
      x: Math.round(((event.clientX - box.left) / box.width) * 1000) / 10,
      y: Math.round(((event.clientY - box.top) / box.height) * 1000) / 10,
    };
  };
  const place = (event: MouseEvent) => {
    if (event.target !== canvas.current) return;
    const id = Math.max(0, ...points.map((p) => p.id)) + 1;
    save([...points, { id, name: t('map.point', { n: id }), ...position(event) }]);
  };
  const move = (event: MouseEvent) => {
    if (dragging === undefined) return;
    const at = position(event);
    setPoints((list) => list.map((p) => (p.id === dragging ? { ...p, ...at } : p)));
  };

  return (
    <Card
      title={t('map.title')}
      variant="borderless"
      extra={<Button onClick={() => save([])}>{t('map.clear')}</Button>}
    >
      <Typography.Paragraph type="secondary">{t('map.hint')}</Typography.Paragraph>
      <Space align="start" size="large" style={{ width: '100%' }} wrap>
        <div
          ref={canvas}
          onClick={place}
          onMouseMove={move}
          onMouseUp={() => {
            setDragging(undefined);
            save(points);
          }}
          style={{
            position: 'relative',
            width: 640,
            maxWidth: '100%',
            height: 420,
            border: '1px solid #d9d9d9',
            borderRadius: 8,
            backgroundImage:
              'linear-gradient(#eee 1px, transparent 1px), linear-gradient(90deg, #eee 1px, transparent 1px)',
            backgroundSize: '20px 20px',
            cursor: 'crosshair',
          }}
        >
          {points.map((p) => (
            <div
              key={p.id}
              title={p.name}
              onMouseDown={() => setDragging(p.id)}
              onDoubleClick={() => save(points.filter((q) => q.id !== p.id))}
              style={{
                position: 'absolute',
                left: `${p.x}%`,
                top: `${p.y}%`,
                transform: 'translate(-50%, -100%)',
                cursor: 'move',
                userSelect: 'none',
                fontSize: 12,
                textAlign: 'center',
              }}
            >
              <div
                style={{
                  width: 14,
                  height: 14,
                  borderRadius: '50% 50% 50% 0',
                  transform: 'rotate(-45deg)',
                  background: 'var(--ant-color-primary, #b43c3c)',
                  margin: '0 auto',
                }}
              />
              {p.name}
            </div>
          ))}
        </div>
        <List
          header={t('map.points')}
          bordered
          style={{ width: 260 }}
          dataSource={points}
          renderItem={(p) => (
            <List.Item>
              <Input
                aria-label={t('map.name')}
                value={p.name}
                onChange={(e) =>
                  save(points.map((q) => (q.id === p.id ? { ...q, name: e.target.value } : q)))
                }
              />
            </List.Item>
          )}
        />
      </Space>
    </Card>
  );
}
