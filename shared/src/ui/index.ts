export { Button, buttonClassName, type ButtonProps, type ButtonShape, type ButtonSize, type ButtonVariant } from './Button';
export { Icon, type IconProps, type IconFlip, type IconName } from './Icon';
export { Modal, modalZIndex, type ModalProps } from './Modal';
export { Spinner, EmptyState, ErrorState } from './Status';
export { ensureUiStyles } from './styles';
export { useMenu, type MenuOptions } from './useMenu';
