import { Modal, message } from 'antd';

export const toastSeconds = 3;

const errorsShowing = new Set<string>();

/**
 * An error toast of 3 s. The same text is not stacked while it shows (a burst of failing calls says it
 * once), but a different error always shows: dropping it would hide what the user's last action met.
 */
export function toastError(text: string): void {
  if (errorsShowing.has(text)) return;
  errorsShowing.add(text);
  void message.open({
    type: 'error',
    content: text,
    duration: toastSeconds,
    onClose: () => {
      errorsShowing.delete(text);
    },
  });
}

export function toastSuccess(text: string): void {
  void message.open({ type: 'success', content: text, duration: toastSeconds });
}

export function toastWarning(text: string): void {
  void message.open({ type: 'warning', content: text, duration: toastSeconds });
}

/** A confirm box that resolves true on OK; mask clicks do not close it. */
export function confirmBox(options: {
  title: string;
  content: string;
  okText?: string;
  cancelText?: string;
  danger?: boolean;
}): Promise<boolean> {
  return new Promise((resolve) => {
    Modal.confirm({
      title: options.title,
      content: options.content,
      okText: options.okText,
      cancelText: options.cancelText,
      okButtonProps: { danger: options.danger },
      maskClosable: false,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
