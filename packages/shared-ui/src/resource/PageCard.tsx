import type { ReactNode } from 'react';

/** The card a screen sits in, with its title. */
export function PageCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div
      className="tx-card"
      style={{ borderRadius: 10, background: 'var(--ant-color-bg-container, #fff)', padding: 16 }}
    >
      <h3 style={{ marginTop: 0 }}>{title}</h3>
      {children}
    </div>
  );
}
