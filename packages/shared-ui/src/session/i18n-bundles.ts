import i18next from 'i18next';

export type Bundle = { [key: string]: string | Bundle };
/** Bundles per language: 'zh-CN' (default, the spec's wording) and 'en'. */
export type LanguageBundles = Record<'zh-CN' | 'en', Bundle>;

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Adds a namespace to the single shared i18next instance. i18next only gets its store in init(),
 * so before init the bundles are added once it has happened.
 */
export function addI18nBundles(ns: string, bundles: LanguageBundles): void {
  const add = () => {
    for (const [lng, bundle] of Object.entries(bundles))
      i18next.addResourceBundle(lng, ns, bundle, true, true);
  };
  if (i18next.isInitialized && i18next.store) add();
  else i18next.on('initialized', add);
}
