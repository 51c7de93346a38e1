export { Button, buttonClassName, type ButtonProps, type ButtonShape, type ButtonSize, type ButtonVariant } from './Button';
export { Icon, type IconProps, type IconFlip, type IconName } from './Icon';
export { Modal, modalZIndex, type ModalProps } from './Modal';
export { Spinner, EmptyState, ErrorState, WayBack, WAY_BACK_TEXTS, type WayBackLink } from './Status';
export { ensureUiStyles } from './styles';
export { useMenu, type MenuOptions } from './useMenu';
