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

/**
 * The storefront's own icons are drawn by the stylesheet (styles/icons.css, a
 * mask in the current text colour): their paths would otherwise be first-load
 * JavaScript on every menu. `Icon` with a path stays for screens loaded later.
 */
function SheetIcon({ name, size = 22 }: IconProps & { name: string }) {
  return <span className={`icon icon--${name}`} style={{ width: size, height: size }} aria-hidden="true" />;
}

export const IconBack = (p: IconProps) => <SheetIcon {...p} name="back" />;
export const IconMenu = (p: IconProps) => <SheetIcon {...p} name="menu" />;
export const IconSun = (p: IconProps) => <SheetIcon {...p} name="sun" />;
export const IconMoon = (p: IconProps) => <SheetIcon {...p} name="moon" />;
export const IconInstagram = (p: IconProps) => <SheetIcon {...p} name="instagram" />;
export const IconFacebook = (p: IconProps) => <SheetIcon {...p} name="facebook" />;
export const IconPhone = (p: IconProps) => <SheetIcon {...p} name="phone" />;
export const IconChat = (p: IconProps) => <SheetIcon {...p} name="chat" />;
export const IconShare = (p: IconProps) => <SheetIcon {...p} name="share" />;
export const IconPin = (p: IconProps) => <SheetIcon {...p} name="pin" />;
export const IconClock = (p: IconProps) => <SheetIcon {...p} name="clock" />;
