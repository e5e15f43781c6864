import type { ComponentType, ReactNode } from 'react';
import { Tabs } from 'antd';
import { resources, type DetailDef, type ResourceDef } from '@tongxin/resources';
import { useCrudT, useLabel } from './i18n';
import type { ResourcePageOptions } from './page-options';

/** The page listing a child's rows: ResourcePage, handed down by the page that opened the drawer (it
 * imports this file, so importing it back would make a cycle). */
export type DetailPage = ComponentType<{ def: ResourceDef } & ResourcePageOptions>;

/** The definition a detail names: among `definitions` (the screen's), else every known resource. */
export function detailResource(detail: DetailDef, definitions?: readonly ResourceDef[]): ResourceDef {
  const def = [...(definitions ?? []), ...resources].find((d) => d.name === detail.resource);
  if (!def) throw new Error(`details: no definition named ${detail.resource}`);
  if (!def.fields.some((f) => f.name === detail.foreignKey))
    throw new Error(`details: ${detail.resource} has no field ${detail.foreignKey}`);
  return def;
}

/**
 * The record (`main`: its form or view) and, in one tab each, its child rows: each child's ResourcePage
 * lists the rows whose foreign key holds the record's id and adds rows with it prefilled (and fixed). A
 * child's own details open in the child's drawer, and so on down.
 */
export function DetailTabs({
  def,
  recordId,
  main,
  definitions,
  page: ResourcePage,
}: {
  def: ResourceDef;
  recordId: string;
  main: ReactNode;
  definitions?: readonly ResourceDef[];
  page: DetailPage;
}) {
  const t = useCrudT();
  const label = useLabel();
  const items = (def.details ?? []).map((detail) => {
    const child = detailResource(detail, definitions);
    const fk = detail.foreignKey;
    return {
      key: `${child.name}.${fk}`,
      label: label(detail.label ?? child.label),
      children: (
        <ResourcePage
          def={child}
          card={false}
          query={{ [`${fk}_equal`]: recordId }}
          defaults={{ [fk]: recordId }}
          disabled={[fk]}
          definitions={definitions}
        />
      ),
    };
  });
  return <Tabs items={[{ key: '__record', label: t('record'), children: main }, ...items]} />;
}
