import Image from '@tiptap/extension-image';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type FormEvent, useId, useState } from 'react';
import { IMAGE_ACCEPT, type ContentImage, variantFor } from '../../../../common/content-images';
import { isContentImageSrc, isSafeHref, RICH_TEXT_MESSAGES, type RichTextDoc } from '../../../../common/rich-text';

export interface RichTextEditorProps {
  /** The id of the visible label that names the editor ("Body"). */
  labelId: string;
  /** The id of the text that describes an error, if any. */
  errorId?: string;
  value: RichTextDoc;
  onChange: (doc: RichTextDoc) => void;
  uploadImage: (file: File) => Promise<ContentImage>;
}

/**
 * Pictures pasted from a word processor point at the writer's own disk or are inlined as data:
 * neither can be shown to visitors, so they are left out of the paste (the rest of its structure
 * stays; the editor's schema already drops every style). Bounded before the pattern runs.
 */
export function dropForeignPictures(html: string): string {
  if (html.length > 2_000_000) return html.replace(/<img\b[^>]*>/gi, '');
  return html.replace(/<img\b[^>]*>/gi, (tag) => {
    const src = /\ssrc\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1] ?? '';
    return isContentImageSrc(src) ? tag : '';
  });
}

type Panel = 'none' | 'link' | 'picture';

/**
 * The article body's editor (Tiptap on ProseMirror): headings, paragraphs, bold, italic, links,
 * lists, quotes and pictures with alternative text, nothing else. The toolbar is a row of
 * ordinary buttons (each reachable with Tab, each saying whether it is on); the usual shortcuts
 * (Ctrl+B, Ctrl+I, Ctrl+Shift+7/8, Ctrl+Alt+2/3) work in the text. Loaded only in the console.
 */
export default function RichTextEditor({ labelId, errorId, value, onChange, uploadImage }: RichTextEditorProps) {
  const [panel, setPanel] = useState<Panel>('none');
  const [href, setHref] = useState('');
  const [linkError, setLinkError] = useState('');
  const [picture, setPicture] = useState<ContentImage | null>(null);
  const [alt, setAlt] = useState('');
  const [pictureStatus, setPictureStatus] = useState('');
  const ids = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', isAllowedUri: (url) => isSafeHref(url) },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: value,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        class: 'rich-text__content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(errorId ? { 'aria-describedby': errorId } : {}),
      },
      transformPastedHTML: dropForeignPictures,
    },
    onUpdate: ({ editor: current }) => onChange(current.getJSON() as RichTextDoc),
  });

  if (!editor) return null;

  const toggle = (name: string, run: () => void, active: boolean) => (
    <button type="button" className="rich-text__button" aria-pressed={active} onMouseDown={(event) => event.preventDefault()} onClick={run}>
      {name}
    </button>
  );
  const chain = () => editor.chain().focus();

  const openLink = () => {
    setHref(String(editor.getAttributes('link').href ?? ''));
    setLinkError('');
    setPanel(panel === 'link' ? 'none' : 'link');
  };
  const applyLink = (event: FormEvent) => {
    event.preventDefault();
    const address = href.trim();
    if (address === '') {
      chain().extendMarkRange('link').unsetLink().run();
      setPanel('none');
      return;
    }
    if (!isSafeHref(address)) {
      setLinkError(RICH_TEXT_MESSAGES.badHref);
      return;
    }
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain()
        .insertContent({ type: 'text', text: address, marks: [{ type: 'link', attrs: { href: address } }] })
        .run();
    } else chain().extendMarkRange('link').setLink({ href: address }).run();
    setPanel('none');
  };

  const choosePicture = async (file: File | undefined) => {
    if (!file) return;
    setPictureStatus('Uploading the picture…');
    try {
      setPicture(await uploadImage(file));
      setPictureStatus('Uploaded. Describe the picture, then insert it.');
    } catch (error) {
      setPictureStatus(error instanceof Error ? error.message : 'The picture could not be uploaded.');
    }
  };
  const insertPicture = (event: FormEvent) => {
    event.preventDefault();
    const description = alt.trim();
    if (!picture || description === '') {
      setPictureStatus(RICH_TEXT_MESSAGES.alt);
      return;
    }
    chain()
      .setImage({ src: variantFor(picture, 960)!.url, alt: description })
      .run();
    setPicture(null);
    setAlt('');
    setPictureStatus('');
    setPanel('none');
  };

  return (
    <div className="rich-text">
      <div className="rich-text__toolbar" role="toolbar" aria-label="Formatting of the body">
        {toggle('Bold', () => chain().toggleBold().run(), editor.isActive('bold'))}
        {toggle('Italic', () => chain().toggleItalic().run(), editor.isActive('italic'))}
        {toggle('Heading', () => chain().toggleHeading({ level: 2 }).run(), editor.isActive('heading', { level: 2 }))}
        {toggle('Subheading', () => chain().toggleHeading({ level: 3 }).run(), editor.isActive('heading', { level: 3 }))}
        {toggle('Bulleted list', () => chain().toggleBulletList().run(), editor.isActive('bulletList'))}
        {toggle('Numbered list', () => chain().toggleOrderedList().run(), editor.isActive('orderedList'))}
        {toggle('Quote', () => chain().toggleBlockquote().run(), editor.isActive('blockquote'))}
        <button type="button" className="rich-text__button" aria-expanded={panel === 'link'} onClick={openLink}>
          Link
        </button>
        <button
          type="button"
          className="rich-text__button"
          aria-expanded={panel === 'picture'}
          onClick={() => setPanel(panel === 'picture' ? 'none' : 'picture')}
        >
          Picture
        </button>
      </div>
      {panel === 'link' ? (
        <form className="rich-text__panel" onSubmit={applyLink}>
          <label htmlFor={`${ids}-href`}>Link address</label>
          <input
            id={`${ids}-href`}
            type="text"
            inputMode="url"
            value={href}
            maxLength={2048}
            placeholder="https://…"
            aria-invalid={linkError !== ''}
            aria-describedby={linkError ? `${ids}-href-error` : undefined}
            onChange={(event) => setHref(event.target.value)}
            autoFocus
          />
          {linkError ? (
            <p id={`${ids}-href-error`} className="rich-text__error" role="alert">
              {linkError}
            </p>
          ) : null}
          <button type="submit">Apply link</button>
          <button type="button" onClick={() => setPanel('none')}>
            Cancel
          </button>
        </form>
      ) : null}
      {panel === 'picture' ? (
        <form className="rich-text__panel" onSubmit={insertPicture}>
          <label htmlFor={`${ids}-file`}>Picture file</label>
          <input id={`${ids}-file`} type="file" accept={IMAGE_ACCEPT} onChange={(event) => void choosePicture(event.target.files?.[0])} />
          <label htmlFor={`${ids}-alt`}>Picture description</label>
          <input id={`${ids}-alt`} type="text" value={alt} maxLength={250} onChange={(event) => setAlt(event.target.value)} />
          <p className="rich-text__status" role="status">
            {pictureStatus}
          </p>
          <button type="submit" disabled={!picture}>
            Insert picture
          </button>
          <button type="button" onClick={() => setPanel('none')}>
            Cancel
          </button>
        </form>
      ) : null}
      <EditorContent editor={editor} />
    </div>
  );
}
