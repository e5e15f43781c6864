import { buttonCodes, hasStandard, type ResourceDef } from '@tongxin/resources';
import { pickerCodes } from './picker-access.js';

/** The route options of a resource's reads. */
export interface ReadAccess {
  view: { config: { access: { perm: string[] } } };
  picker: { config: { access: { perm: string[] } } };
}

export function readAccess(def: ResourceDef): ReadAccess {
  return {
    // Reading needs the view button, or the screen's menu when the resource has no view button (of the
    // resource's own screen or of a screen serving it too).
    view: {
      config: {
        access: {
          perm: hasStandard(def, 'view')
            ? buttonCodes(def, 'view')
            : [def.permission, ...(def.permissionAliases ?? [])],
        },
      },
    },
    // Pickers: the holders of this screen and of every screen whose form picks from it (picker-access.ts).
    picker: { config: { access: { perm: pickerCodes(def.name, def) } } },
  };
}
