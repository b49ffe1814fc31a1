/** The house logo (the same drawing as public/icon.svg). */
export function AppLogo({ size = 24 }: { size?: number }) {
  return (
    <svg className="hw-logo" width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#215db0" />
      <path d="M32 12 10 31h6v20h12V39h8v12h12V31h6z" fill="#fff" />
    </svg>
  );
}
