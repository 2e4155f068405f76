/** Icons of actions opened on demand (dialogs, the plate detail, the cart, the entry screens). */
import { Icon } from './icons';

type IconProps = { size?: number };

export const IconClose = (p: IconProps) => <Icon {...p} d="M18 6 6 18M6 6l12 12" />;
export const IconPlus = (p: IconProps) => <Icon {...p} d="M12 5v14M5 12h14" />;
export const IconMinus = (p: IconProps) => <Icon {...p} d="M5 12h14" />;
export const IconTrash = (p: IconProps) => <Icon {...p} d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />;
export const IconEdit = (p: IconProps) => (
  <Icon {...p} d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
);
export const IconSearch = (p: IconProps) => (
  <Icon {...p} d="M11 3a8 8 0 1 0 0 16 8 8 0 1 0 0-16M21 21l-4.35-4.35" />
);
export const IconChevron = (p: IconProps) => <Icon {...p} d="m9 18 6-6-6-6" />;
export const IconBag = (p: IconProps) => (
  <Icon {...p} d="M6 2 3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4zM3 6h18M16 10a4 4 0 0 1-8 0" />
);
