/** Demo 寺庙, 网格, 地图点位, 物联网设备 with a week of 告警, and 监控区域/点位 (Lhasa, 城关区). */
import type { DemoContext } from './demo-base.js';

const CENTER: [number, number] = [91.1322, 29.6544];

const square = (lng: number, lat: number, size: number) =>
  JSON.stringify({
    type: 'Polygon',
    coordinates: [
      [
        [lng, lat],
        [lng + size, lat],
        [lng + size, lat + size],
        [lng, lat + size],
        [lng, lat],
      ].map(([x, y]) => [Number(x!.toFixed(6)), Number(y!.toFixed(6))]),
    ],
  });

const TEMPLES: [string, string, number, number, string][] = [
  ['大昭寺', 'ཇོ་ཁང་།', 1, 1, '八廓街'],
  ['小昭寺', 'ར་མོ་ཆེ།', 1, 1, '小昭寺路'],
  ['色拉寺', 'སེ་ར།', 1, 1, '色拉路1号'],
  ['仓姑寺', 'ཚམ་ཁང་།', 2, 1, '林廓南路'],
];

export async function seedPlaces(c: DemoContext): Promise<void> {
  const { trx, communities, row, at } = c;
  for (const [i, [name, nameBo, siteType, sect, address]] of TEMPLES.entries())
    await trx
      .insertInto('app_temple_info')
      .values(
        row({
          temple_name: name,
          temple_name_bo: nameBo,
          site_type: siteType,
          sect,
          address,
          community_id: communities[i % communities.length]!.id,
          longitude: CENTER[0] + i * 0.004,
          latitude: CENTER[1] + 0.002 * i,
          register_no: `藏宗登字${2001 + i}号`,
          actual_monks: 20 + i * 7,
          quota_monks: 30 + i * 7,
          found_year: ['公元7世纪', '公元7世纪', '1419年', '15世纪'][i],
          manager_name: ['索朗', '洛桑', '强巴', '拉姆'][i],
          relic_level: i < 2 ? 1 : 4,
          sort: i + 1,
          show_in_app: 1,
          introduction: `${name}是城关区重要的宗教活动场所。`,
        }),
      )
      .execute();
  const meshIds: string[] = [];
  for (const [i, community] of communities.slice(0, 6).entries()) {
    const lng = CENTER[0] - 0.03 + (i % 3) * 0.02;
    const lat = CENTER[1] - 0.01 + Math.floor(i / 3) * 0.02;
    await trx
      .insertInto('app_map_mesh')
      .values(
        row({
          mesh_code: `SQ${String(i + 1).padStart(3, '0')}`,
          mesh_name: community.name,
          mesh_type: 1,
          mesh_level: 2,
          community_id: community.id,
          boundary: square(lng, lat, 0.018),
          center_lng: lng + 0.009,
          center_lat: lat + 0.009,
          enable_status: 1,
        }),
      )
      .execute();
    for (let g = 0; g < 2; g++) {
      const id = (row({}) as { id: string }).id;
      meshIds.push(id);
      await trx
        .insertInto('app_map_mesh')
        .values(
          row({
            id,
            mesh_code: `WG${String(i + 1).padStart(3, '0')}${g + 1}`,
            mesh_name: `${community.name}第${g + 1}网格`,
            mesh_type: 1,
            mesh_level: 3,
            community_id: community.id,
            boundary: square(lng + 0.001 + g * 0.008, lat + 0.001, 0.007),
            color: g ? '#1677ff' : '#b43c3c',
            center_lng: lng + 0.0045 + g * 0.008,
            center_lat: lat + 0.0045,
            grid_manager_name: ['卓嘎', '次旦'][g],
            grid_manager_phone: `1390891200${i}${g}`,
            household_num: 120 + i * 10 + g,
            population_num: 380 + i * 25 + g,
            enable_status: 1,
          }),
        )
        .execute();
    }
  }
  const PLACES: [string, number, string][] = [
    ['城关区党群服务中心', 1, '江苏路'],
    ['八廓警务站', 3, '八廓街东'],
    ['吉日社区卫生服务站', 4, '北京中路'],
    ['拉萨市第一小学', 5, '林廓东路'],
    ['嘎玛贡桑养老服务站', 7, '嘎玛贡桑路'],
  ];
  for (const [i, [name, type, address]] of PLACES.entries())
    await trx
      .insertInto('app_map_inst')
      .values(
        row({
          institution_name: name,
          institution_type: type,
          community_id: communities[i % communities.length]!.id,
          mesh_id: meshIds[i] ?? null,
          address,
          longitude: CENTER[0] - 0.02 + i * 0.01,
          latitude: CENTER[1] + 0.003 * (i % 3),
          open_time: '09:00-18:00',
          sort: i + 1,
          show_in_app: 1,
        }),
      )
      .execute();
  await seedDevices(c, meshIds);
  await seedVideo(c);
  void at;
}

const DEVICES: [string, number, string][] = [
  ['1号楼烟感', 1, '吉日社区1号楼2单元'],
  ['2号楼烟感', 1, '吉日社区2号楼1单元'],
  ['社区食堂燃气探测器', 2, '社区食堂后厨'],
  ['地下车库水浸', 3, '地下车库B1'],
  ['配电房电气火灾监测', 5, '配电房'],
  ['独居老人一键报警', 9, '热木其社区5号楼301'],
];
const ALARM_TYPE_OF: Record<number, number> = { 1: 1, 2: 2, 3: 3, 5: 5, 9: 1 };

async function seedDevices(c: DemoContext, meshIds: string[]) {
  const { trx, communities, row, at, rand } = c;
  for (const [i, [name, type, address]] of DEVICES.entries()) {
    const device = row({
      device_name: name,
      device_type: type,
      imei: `86${String(c.tenantId).slice(-3)}${String(100000000 + i * 7919).padStart(10, '0')}`,
      platform_device_id: `ctwing-${c.tenantId}-${i + 1}`,
      product_id: '15506850',
      manufacturer: '海曼科技',
      device_model: 'HM-608NB',
      community_id: communities[i % communities.length]!.id,
      mesh_id: meshIds[i] ?? null,
      install_address: address,
      install_time: at(-200 + i),
      owner_name: ['卓玛', '平措', '食堂王师傅', '物业', '电工', '次仁'][i],
      owner_phone: `1390891300${i}`,
      online_status: i === 3 ? 2 : 1,
      battery_level: 60 + i * 5,
      signal_strength: -70 - i,
      last_heartbeat_time: at(0, 8),
      heartbeat_interval: 60,
    });
    await trx.insertInto('app_oc_device').values(device).execute();
    for (let k = 0; k < 4; k++) {
      const day = -Math.floor(rand() * 7);
      const handled = day < -1 ? 2 : k % 2;
      await trx
        .insertInto('app_oc_alarm')
        .values(
          row({
            alarm_no: `AL${c.tenantId.slice(-2)}${i}${k}${Date.now().toString().slice(-6)}`,
            device_id: device.id,
            device_name: name,
            device_type: type,
            imei: device.imei,
            community_id: device.community_id,
            install_address: address,
            alarm_type: k === 3 ? 7 : (ALARM_TYPE_OF[type] ?? 6),
            alarm_level: k === 3 ? 1 : 1 + ((i + k) % 3),
            alarm_value: k === 3 ? '电量15%' : null,
            alarm_content: k === 3 ? `${name}电量低` : `${name}触发告警`,
            alarm_time: at(day, 8 + k * 3),
            handle_status: handled,
            confirm_type: handled === 2 ? 1 + (k % 2) : 0,
            handle_user_id: handled ? c.adminId : null,
            handle_time: handled ? at(day, 9 + k * 3) : null,
            handle_result: handled === 2 ? '已到场处置' : null,
          }),
        )
        .execute();
    }
  }
}

async function seedVideo(c: DemoContext) {
  const { trx, row, at, communities } = c;
  const regions: [string, string, string][] = [
    ['root000000', '-1', '城关区视频专网'],
    ['region0001', 'root000000', communities[0]!.name],
    ['region0002', 'root000000', communities[1 % communities.length]!.name],
  ];
  for (const [i, [code, parent, name]] of regions.entries())
    await trx
      .insertInto('hik_regions_info')
      .values(
        row({
          index_code: code,
          parent_index_code: parent,
          region_name: name,
          tree_level: i ? 2 : 1,
          leaf: i ? 1 : 0,
          catalog_type: 9,
          sort: i + 1,
          community_id: i ? communities[(i - 1) % communities.length]!.id : null,
          sync_time: at(-1),
        }),
      )
      .execute();
  for (let i = 0; i < 4; i++)
    await trx
      .insertInto('hik_camera_info')
      .values(
        row({
          camera_index_code: `cam000${i + 1}`,
          camera_name: `${['东门', '西门', '广场', '停车场'][i]}监控`,
          camera_type: i % 4,
          region_index_code: i < 2 ? 'region0001' : 'region0002',
          channel_type: 'digital',
          install_location: `${['东门', '西门', '广场', '停车场'][i]}`,
          longitude: String(91.13 + i * 0.002),
          latitude: String(29.65 + i * 0.001),
          online_status: i === 3 ? 0 : 1,
          sort: i + 1,
          sync_time: at(-1),
        }),
      )
      .execute();
}
