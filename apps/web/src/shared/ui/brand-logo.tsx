/**
 * The product's logo: three linked nodes, the smallest network worth analysing. Plain React
 * without the component library, so the public site's build (apps/site) draws the same logo.
 */
export function BrandLogo({ size = 32, fill = 'currentColor', className }: { size?: number; fill?: string; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 32 32" {...(className ? { className } : {})}>
      <rect width="32" height="32" rx="8" fill={fill} />
      <g stroke="#fff" strokeWidth="2">
        <line x1="10" y1="11" x2="22" y2="10" />
        <line x1="10" y1="11" x2="15" y2="22" />
        <line x1="22" y1="10" x2="15" y2="22" />
      </g>
      <g fill="#fff">
        <circle cx="10" cy="11" r="3.2" />
        <circle cx="22" cy="10" r="3.2" />
        <circle cx="15" cy="22" r="3.2" />
      </g>
    </svg>
  );
}
