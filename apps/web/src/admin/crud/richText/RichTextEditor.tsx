import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Input, Modal, Space, Tooltip, Upload } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptedImages, uploadImage } from '../uploadImage.ts';
import styles from './richText.module.css';

interface Props {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
}

/**
 * The news editor: TipTap (ProseMirror) with the marks and blocks the site's sanitiser keeps, and
 * images uploaded to the attachment store. The server sanitises what it stores whatever this sends.
 */
export default function RichTextEditor({ value, onChange, id }: Props) {
  const { t } = useTranslation();
  const [linking, setLinking] = useState<string | null>(null);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] } }), Image],
    content: value ?? '',
    editorProps: {
      attributes: {
        class: styles.content ?? '',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': t('portal.body'),
        ...(id ? { id } : {}),
      },
    },
    onUpdate: ({ editor: changed }) => onChange?.(changed.isEmpty ? '' : changed.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      h2: current?.isActive('heading', { level: 2 }) ?? false,
      h3: current?.isActive('heading', { level: 3 }) ?? false,
      bullets: current?.isActive('bulletList') ?? false,
      numbers: current?.isActive('orderedList') ?? false,
      quote: current?.isActive('blockquote') ?? false,
      link: current?.isActive('link') ?? false,
    }),
  });

  // The form resets its values when the dialog opens on another item.
  useEffect(() => {
    if (editor && (value ?? '') !== (editor.isEmpty ? '' : editor.getHTML()))
      editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const tool = (label: string, pressed: boolean, run: () => void, icon: ReactNode) => (
    <Tooltip title={label}>
      <Button size="small" type={pressed ? 'primary' : 'text'} aria-label={label} aria-pressed={pressed} icon={icon} onClick={run} />
    </Tooltip>
  );
  const textTool = (label: string, text: string, pressed: boolean, run: () => void) => (
    <Tooltip title={label}>
      <Button size="small" type={pressed ? 'primary' : 'text'} aria-label={label} aria-pressed={pressed} onClick={run}>
        {text}
      </Button>
    </Tooltip>
  );

  const insertImage = async (file: File | undefined) => {
    if (!file) return;
    const stored = await uploadImage(file, t);
    if (stored)
      chain()
        .setImage({ src: stored.url, alt: file.name.replace(/\.\w+$/, '') })
        .run();
  };

  return (
    <div className={styles.editor}>
      <Space size={2} wrap className={styles.toolbar} role="toolbar" aria-label={t('portal.formatting')}>
        {tool(t('portal.bold'), active.bold, () => chain().toggleBold().run(), <BoldOutlined />)}
        {tool(t('portal.italic'), active.italic, () => chain().toggleItalic().run(), <ItalicOutlined />)}
        {textTool(t('portal.heading2'), 'H2', active.h2, () => chain().toggleHeading({ level: 2 }).run())}
        {textTool(t('portal.heading3'), 'H3', active.h3, () => chain().toggleHeading({ level: 3 }).run())}
        {tool(t('portal.bulletList'), active.bullets, () => chain().toggleBulletList().run(), <UnorderedListOutlined />)}
        {tool(t('portal.orderedList'), active.numbers, () => chain().toggleOrderedList().run(), <OrderedListOutlined />)}
        {textTool(t('portal.quote'), '“”', active.quote, () => chain().toggleBlockquote().run())}
        {tool(t('portal.link'), active.link, () => setLinking(editor.getAttributes('link').href ?? 'https://'), <LinkOutlined />)}
        {/* antd's picker, not the browser's bare "Choose File" box beside the toolbar. */}
        <Upload
          accept={acceptedImages}
          showUploadList={false}
          beforeUpload={(file) => {
            void insertImage(file);
            return Upload.LIST_IGNORE;
          }}
        >
          {tool(t('portal.image'), false, () => undefined, <PictureOutlined />)}
        </Upload>
        {tool(t('portal.undo'), false, () => chain().undo().run(), <UndoOutlined />)}
        {tool(t('portal.redo'), false, () => chain().redo().run(), <RedoOutlined />)}
      </Space>
      <EditorContent editor={editor} />
      <Modal
        open={linking !== null}
        title={t('portal.link')}
        okText={t('table.save')}
        cancelText={t('table.cancel')}
        onCancel={() => setLinking(null)}
        onOk={() => {
          const href = linking?.trim() ?? '';
          if (/^(https?:|mailto:)/i.test(href)) chain().extendMarkRange('link').setLink({ href }).run();
          else chain().extendMarkRange('link').unsetLink().run();
          setLinking(null);
        }}
      >
        <Input aria-label={t('portal.linkAddress')} value={linking ?? ''} onChange={(event) => setLinking(event.target.value)} />
      </Modal>
    </div>
  );
}
