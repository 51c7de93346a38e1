/** The UI kit's CSS, injected once into <head> so no CSS loader is needed by any app. */
const CSS = `
:root{--w-primary:#7c3aed;--w-primary-dark:#5b21b6;--w-text:#1f2937;--w-muted:#4b5563;--w-bg:#faf7ff;--w-card:#fff;--w-border:#e5e7eb;--w-danger:#b91c1c;--w-radius:12px}
.w-btn{position:relative;overflow:hidden;display:inline-flex;align-items:center;justify-content:center;gap:.5em;border:1px solid transparent;cursor:pointer;font:inherit;font-weight:600;line-height:1.2;text-decoration:none;transition:background .15s,box-shadow .15s}
.w-btn:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.w-btn:disabled{opacity:.6;cursor:not-allowed}
.w-btn--rounded{border-radius:999px}.w-btn--rounded-rect{border-radius:8px}
.w-btn--normal{padding:.5em 1em;font-size:.95rem}.w-btn--large{padding:.7em 1.4em;font-size:1.05rem}.w-btn--larger{padding:.9em 1.8em;font-size:1.2rem}
.w-btn--primary{background:var(--w-primary);color:#fff}.w-btn--primary:hover:not(:disabled){background:var(--w-primary-dark)}
.w-btn--secondary{background:#fff;color:var(--w-primary-dark);border-color:var(--w-primary)}.w-btn--secondary:hover:not(:disabled){background:#f3e8ff}
.w-btn--ghost{background:transparent;color:var(--w-text)}.w-btn--ghost:hover:not(:disabled){background:#f3f4f6}
.w-btn--danger{background:var(--w-danger);color:#fff}
.w-ripple{position:absolute;border-radius:50%;background:rgba(255,255,255,.45);transform:translate(-50%,-50%) scale(0);pointer-events:none;animation:w-ripple .6s ease-out forwards}
.w-btn--secondary .w-ripple,.w-btn--ghost .w-ripple{background:rgba(124,58,237,.2)}
@keyframes w-ripple{to{transform:translate(-50%,-50%) scale(1);opacity:.2}}
.w-icon{display:inline-block;vertical-align:middle;flex:none}
.w-modal-overlay{position:fixed;inset:0;background:rgba(17,24,39,.5);display:flex;align-items:center;justify-content:center;padding:16px}
.w-modal{background:#fff;color:var(--w-text);border-radius:var(--w-radius);box-shadow:0 20px 50px rgba(0,0,0,.25);width:min(520px,100%);max-height:90vh;overflow:auto;display:flex;flex-direction:column}
.w-modal__header{display:flex;align-items:center;justify-content:space-between;padding:16px 20px;border-bottom:1px solid var(--w-border)}
.w-modal__title{margin:0;font-size:1.15rem}
.w-modal__body{padding:16px 20px}
.w-spinner{display:inline-block;width:28px;height:28px;border:3px solid #e9d5ff;border-top-color:var(--w-primary);border-radius:50%;animation:w-spin .8s linear infinite}
@keyframes w-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.w-spinner{animation-duration:2s}.w-ripple{animation:none}}
.w-status{display:flex;flex-direction:column;align-items:center;gap:12px;padding:24px;text-align:center;color:var(--w-muted)}
.w-status--error{color:var(--w-danger)}
.w-way-back{display:flex;flex-wrap:wrap;justify-content:center;gap:12px;padding:0 12px 24px}
.w-input{box-sizing:border-box;width:100%;min-height:44px;padding:10px 12px;font:inherit;color:inherit;background:#fff;border:1px solid #9ca3af;border-radius:8px}
.w-input:focus-visible{outline:3px solid #f59e0b;outline-offset:1px;border-color:var(--w-primary)}
.w-input[aria-invalid="true"]{border:2px solid var(--w-danger);background:#fef2f2}
.w-visually-hidden{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
`;

const STYLE_ID = 'wishes-ui-kit';

export function ensureUiStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = CSS;
  document.head.appendChild(style);
}
