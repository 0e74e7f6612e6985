import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import toastClasses from '../../styles/toasts.module.css';

/**
 * Toasts stay clear of the header (avatar, Sign In, theme toggle; docs/product.md#toasts): in the
 * bottom-right corner on desktop, along the bottom edge on phones, above the compare tray.
 */
export function Toasts() {
  const isPhone = useMediaQuery('(max-width: 47.99em)');
  return (
    <Notifications position={isPhone ? 'bottom-center' : 'bottom-right'} classNames={{ root: toastClasses.root }} />
  );
}
