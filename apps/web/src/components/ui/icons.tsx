/**
 * Line icons drawn with the current text colour (never a colour of their own),
 * always decorative: the control that holds one carries the accessible name.
 */
export function Icon({ d, size = 22 }: { d: string; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}

type IconProps = { size?: number };

export const IconBack = (p: IconProps) => <Icon {...p} d="M19 12H5M12 19l-7-7 7-7" />;
export const IconMenu = (p: IconProps) => <Icon {...p} d="M3 6h18M3 12h18M3 18h18" />;
export const IconSun = (p: IconProps) => (
  <Icon
    {...p}
    d="M12 8a4 4 0 1 0 0 8 4 4 0 1 0 0-8M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"
  />
);
export const IconMoon = (p: IconProps) => <Icon {...p} d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />;
export const IconInstagram = (p: IconProps) => (
  <Icon
    {...p}
    d="M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5zM12 8a4 4 0 1 0 0 8 4 4 0 1 0 0-8M17.5 6.5h.01"
  />
);
export const IconFacebook = (p: IconProps) => (
  <Icon {...p} d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
);
export const IconPhone = (p: IconProps) => (
  <Icon
    {...p}
    d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z"
  />
);
export const IconChat = (p: IconProps) => (
  <Icon
    {...p}
    d="M21 11.5a8.4 8.4 0 0 1-.9 3.8 8.5 8.5 0 0 1-7.6 4.7 8.4 8.4 0 0 1-3.8-.9L3 21l1.9-5.7a8.4 8.4 0 0 1-.9-3.8 8.5 8.5 0 0 1 4.7-7.6 8.4 8.4 0 0 1 3.8-.9h.5a8.5 8.5 0 0 1 8 8z"
  />
);
export const IconShare = (p: IconProps) => (
  <Icon {...p} d="M4 12v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8M16 6l-4-4-4 4M12 2v13" />
);
export const IconPin = (p: IconProps) => (
  <Icon {...p} d="M21 10c0 7-9 13-9 13S3 17 3 10a9 9 0 0 1 18 0zM12 7a3 3 0 1 0 0 6 3 3 0 1 0 0-6" />
);
export const IconClock = (p: IconProps) => (
  <Icon {...p} d="M12 2a10 10 0 1 0 0 20 10 10 0 1 0 0-20M12 6v6l4 2" />
);
