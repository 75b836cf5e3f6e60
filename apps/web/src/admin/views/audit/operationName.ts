import { useTranslation } from 'react-i18next';

/** `dict:edit` as the reader's words for dictionary and edit; a code the page does not know stays as it is. */
export function useOperationName() {
  const { t } = useTranslation();
  return (operation: string) => {
    const [type = '', action = ''] = operation.split(':', 2);
    return `${t(`operationLog.types.${type}`, { defaultValue: type })} · ${t(`operationLog.actions.${action}`, { defaultValue: action })}`;
  };
}
