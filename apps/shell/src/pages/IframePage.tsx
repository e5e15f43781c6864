/** /myiframe/{routerPath}?src=&name=: an external page inside a tab. */
export function IframePage({ src, title }: { src: string; title: string }) {
  const safe = /^(https?:)?\/\//i.test(src) || src.startsWith('/') ? src : '';
  return (
    <iframe
      src={safe}
      title={title}
      style={{ width: '100%', height: 'calc(100vh - 150px)', border: 0, background: '#fff' }}
    />
  );
}
