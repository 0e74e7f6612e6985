/** ORCID's iD mark: the white letters on ORCID's green circle, as ORCID asks iDs to be shown. */
export function OrcidIcon({ size = 16, label }: { size?: number; label?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      style={{ flex: 'none' }}
    >
      <circle cx="16" cy="16" r="16" fill="#A6CE39" />
      <text
        x="16"
        y="21.5"
        textAnchor="middle"
        fontSize="15"
        fontWeight="700"
        fontFamily="Arial, sans-serif"
        fill="#fff"
      >
        iD
      </text>
    </svg>
  );
}
