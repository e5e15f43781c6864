import { Button, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { meshLayer, placeLayer, type TaggedLayer } from './leaflet-map';
import type { MeshRow, PlaceRow } from './map-api';

/** The saved meshes and places beside the map, each with 定位. */
export function MapLists(props: {
  meshes: MeshRow[];
  places: PlaceRow[];
  onLocate: (layer: TaggedLayer | undefined) => void;
}) {
  const { t } = useTranslation('shell');
  const locate = (layer: TaggedLayer | undefined) => (
    <Button key="go" size="small" type="link" onClick={() => props.onLocate(layer)}>
      {t('map.locate')}
    </Button>
  );
  return (
    <>
      <List
        size="small"
        header={<b>{t('map.meshes')}</b>}
        dataSource={props.meshes}
        style={{ maxHeight: 300, overflow: 'auto' }}
        renderItem={(m) => (
          <List.Item data-testid="map-mesh-item" actions={[locate(meshLayer(m))]}>
            {m.meshName} <Typography.Text type="secondary">{m.meshCode}</Typography.Text>
          </List.Item>
        )}
      />
      <List
        size="small"
        header={<b>{t('map.points')}</b>}
        dataSource={props.places}
        style={{ maxHeight: 300, overflow: 'auto' }}
        renderItem={(p) => (
          <List.Item data-testid="map-place-item" actions={[locate(placeLayer(p))]}>
            {p.institutionName}
          </List.Item>
        )}
      />
    </>
  );
}
