import type { CSSProperties, ReactNode } from 'react';

/** Card container (docs/front-end.md#pickers-and-widgets): radius 10 by default, a background, block (full
 * width) mode. */
export function CardContainer({
  children,
  radius = 10,
  background = 'var(--ant-color-bg-container, #fff)',
  block = true,
  style,
}: {
  children: ReactNode;
  radius?: number;
  background?: string;
  block?: boolean;
  style?: CSSProperties;
}) {
  return (
    <div
      className="tx-card"
      style={{
        borderRadius: radius,
        background,
        padding: 16,
        display: block ? 'block' : 'inline-block',
        width: block ? '100%' : undefined,
        boxSizing: 'border-box',
        ...style,
      }}
    >
      {children}
    </div>
  );
}
