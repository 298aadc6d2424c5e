export { Alert, type AlertProps, type AlertTone } from './Alert';
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './Button';
export { Card, type CardProps } from './Card';
export {
  ChoiceGroup,
  type ChoiceGroupProps,
  ChoiceOption,
  type ChoiceOptionProps,
} from './ChoiceGroup';
export { FieldError } from './FieldError';
export { Modal, type ModalProps } from './Modal';
export { PasswordField, type PasswordFieldProps } from './PasswordField';
export { SelectField, type SelectFieldProps } from './SelectField';
export { Spinner, type SpinnerProps } from './Spinner';
export { Switch, type SwitchProps } from './Switch';
export {
  focusTab,
  panelIdOf,
  type TabItem,
  TabPanel,
  type TabPanelProps,
  Tabs,
  type TabsProps,
  tabIdOf,
} from './Tabs';
export { TextAreaField, type TextAreaFieldProps } from './TextAreaField';
export { TextField, type TextFieldProps } from './TextField';
