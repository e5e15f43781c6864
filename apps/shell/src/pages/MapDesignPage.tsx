import { useCallback, useEffect, useRef, useState } from 'react';
import { App, Card, Col, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { mapApi, type MeshRow, type PlaceRow } from './map-design/map-api';
import { boundaryOf, createMap, L, meshLayer, placeLayer, type TaggedLayer } from './map-design/leaflet-map';
import { ShapeDialog, type ShapeKind } from './map-design/ShapeDialog';
import { MapLists } from './map-design/MapLists';
import './map-design/map-design.css';

interface Drawing {
  kind: ShapeKind;
  layer: TaggedLayer;
}

/** /map/design: grid meshes drawn as polygons and map places as points on a Leaflet map (leaflet-draw
 * to draw, edit and delete), saved to 网格管理 and 地图点位 as GeoJSON and coordinates. Tiles come from the
 * `map.tileUrl` parameter; without it the map works offline on a plain background. */
export default function MapDesignPage() {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const el = useRef<HTMLDivElement>(null);
  const mapRef = useRef<{ map: L.Map; drawn: L.FeatureGroup } | undefined>(undefined);
  const [meshes, setMeshes] = useState<MeshRow[]>([]);
  const [places, setPlaces] = useState<PlaceRow[]>([]);
  const [communities, setCommunities] = useState<{ value: string; label: string }[]>([]);
  const [drawing, setDrawing] = useState<Drawing>();
  const [offline, setOffline] = useState(false);

  const reload = useCallback(async () => {
    const [m, p] = await Promise.all([mapApi.meshes(), mapApi.places()]);
    setMeshes(m);
    setPlaces(p);
    const drawn = mapRef.current?.drawn;
    if (!drawn) return;
    drawn.clearLayers();
    for (const layer of [...m.map(meshLayer), ...p.map(placeLayer)]) if (layer) drawn.addLayer(layer);
  }, []);

  const fail = useCallback(
    (e: unknown) => void message.error(e instanceof Error ? e.message : String(e)),
    [message],
  );

  useEffect(() => {
    let disposed = false;
    void (async () => {
      const config = await mapApi.config();
      if (disposed || !el.current) return;
      setOffline(!config.tileUrl);
      const created = createMap(el.current, config);
      mapRef.current = created;
      wireEvents(created.map, {
        onDraw: setDrawing,
        onEdited: saveGeometry,
        onDeleted: removeRows,
        fail,
        reload,
      });
      await reload();
      setCommunities((await mapApi.communities()).map((d) => ({ value: String(d.id), label: d.deptName })));
    })().catch(fail);
    return () => {
      disposed = true;
      mapRef.current?.map.remove();
      mapRef.current = undefined;
    };
  }, [reload, fail]);

  const saveDrawing = async (values: Record<string, unknown>) => {
    if (!drawing) return;
    if (drawing.kind === 'mesh') {
      await mapApi.saveMesh({
        ...values,
        meshType: 1,
        boundary: boundaryOf(drawing.layer as L.Polygon),
      } as Partial<MeshRow>);
    } else {
      const at = (drawing.layer as L.Marker).getLatLng();
      await mapApi.savePlace({
        ...values,
        longitude: at.lng.toFixed(7),
        latitude: at.lat.toFixed(7),
        showInApp: 1,
      } as Partial<PlaceRow>);
    }
    setDrawing(undefined);
    message.success(t('map.saved'));
    await reload();
  };

  const flyTo = (layer: TaggedLayer | undefined) => {
    const map = mapRef.current?.map;
    if (!layer || !map) return;
    if (layer instanceof L.Polygon) map.fitBounds(layer.getBounds());
    else if (layer instanceof L.Marker) map.setView(layer.getLatLng(), Math.max(map.getZoom(), 16));
  };

  return (
    <Card title={t('map.title')} variant="borderless" extra={offline ? <Tag>{t('map.offline')}</Tag> : null}>
      <Typography.Paragraph type="secondary">{t('map.hint')}</Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} lg={17}>
          <div ref={el} className="tx-map-canvas" data-testid="map-canvas" />
        </Col>
        <Col xs={24} lg={7}>
          <MapLists meshes={meshes} places={places} onLocate={flyTo} />
        </Col>
      </Row>
      <ShapeDialog
        kind={drawing?.kind}
        communities={communities}
        onOk={(values) => saveDrawing(values).catch(fail)}
        onCancel={() => {
          setDrawing(undefined);
          void reload();
        }}
      />
    </Card>
  );
}

/** A shape's new geometry saved on its row (read first for its version). */
async function saveGeometry(layer: TaggedLayer): Promise<void> {
  const tag = layer.tag;
  if (!tag?.id) return;
  if (tag.kind === 'mesh') {
    const row = await mapApi.meshDetail(tag.id);
    await mapApi.saveMesh({
      ...row,
      boundary: boundaryOf(layer as unknown as L.Polygon),
      centerLng: null,
      centerLat: null,
    });
  } else {
    const row = await mapApi.placeDetail(tag.id);
    const at = (layer as unknown as L.Marker).getLatLng();
    await mapApi.savePlace({ ...row, longitude: at.lng.toFixed(7), latitude: at.lat.toFixed(7) });
  }
}

async function removeRows(layer: TaggedLayer): Promise<void> {
  const tag = layer.tag;
  if (!tag?.id) return;
  await (tag.kind === 'mesh' ? mapApi.removeMesh(tag.id) : mapApi.removePlace(tag.id));
}

function wireEvents(
  map: L.Map,
  on: {
    onDraw: (d: Drawing) => void;
    onEdited: (layer: TaggedLayer) => Promise<void>;
    onDeleted: (layer: TaggedLayer) => Promise<void>;
    fail: (e: unknown) => void;
    reload: () => Promise<void>;
  },
) {
  const each = async (event: L.LeafletEvent, fn: (layer: TaggedLayer) => Promise<void>) => {
    const layers: TaggedLayer[] = [];
    (event as L.DrawEvents.Edited).layers.eachLayer((l) => layers.push(l as TaggedLayer));
    for (const layer of layers) await fn(layer);
  };
  map.on(L.Draw.Event.CREATED, (event) => {
    const layer = (event as L.DrawEvents.Created).layer as TaggedLayer;
    const kind: ShapeKind = layer instanceof L.Marker ? 'place' : 'mesh';
    layer.tag = { kind };
    on.onDraw({ kind, layer });
  });
  map.on(L.Draw.Event.EDITED, (event) => void each(event, on.onEdited).then(on.reload).catch(on.fail));
  map.on(L.Draw.Event.DELETED, (event) => void each(event, on.onDeleted).then(on.reload).catch(on.fail));
}
