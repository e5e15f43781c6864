import './boot-screen.css';

/** Shown while the application chunk loads (no antd yet). */
export function BootScreen() {
  return (
    <div className="tx-boot" role="progressbar" aria-busy="true">
      <div className="tx-boot-spinner" />
    </div>
  );
}
