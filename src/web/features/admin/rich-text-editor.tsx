import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { ComponentType, SVGProps } from 'react';
import BoldIcon from '~icons/lucide/bold';
import Heading2Icon from '~icons/lucide/heading-2';
import Heading3Icon from '~icons/lucide/heading-3';
import ItalicIcon from '~icons/lucide/italic';
import LinkIcon from '~icons/lucide/link';
import ListIcon from '~icons/lucide/list';
import ListOrderedIcon from '~icons/lucide/list-ordered';
import QuoteIcon from '~icons/lucide/quote';
import Redo2Icon from '~icons/lucide/redo-2';
import Undo2Icon from '~icons/lucide/undo-2';
import { cn } from '../../lib/cn';

interface Tool {
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  run: () => void;
  active?: boolean;
  disabled?: boolean;
}

/**
 * A rich-text field (Tiptap): headings, bold, italic, lists, quotes and links. It gives HTML; the
 * server sanitizes it with the site's allowlist before storing it. Only admin pages load it.
 */
export function RichTextEditor({
  id,
  labelId,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  labelId: string;
  value: string | null;
  onChange: (html: string | null) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: value ?? '',
    // The server renders the admin page without the editor; it mounts in the browser.
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class:
          'prose-admin min-h-40 px-3 py-2 text-base text-slate-900 focus-visible:outline-none sm:text-sm [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? null : e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            quote: e.isActive('blockquote'),
            link: e.isActive('link'),
            undo: e.can().undo(),
            redo: e.can().redo(),
          }
        : null,
  });

  const chain = () => editor!.chain().focus();
  const setLink = () => {
    const previous = editor!.getAttributes('link').href as string | undefined;
    const url = window.prompt(
      'Link address (https://...). Leave empty to remove the link.',
      previous ?? 'https://',
    );
    if (url === null) return;
    if (url.trim() === '' || url.trim() === 'https://') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: url.trim() }).run();
  };
  const tools: Tool[] = editor
    ? [
        { label: 'Bold', icon: BoldIcon, run: () => chain().toggleBold().run(), active: state?.bold },
        { label: 'Italic', icon: ItalicIcon, run: () => chain().toggleItalic().run(), active: state?.italic },
        {
          label: 'Heading',
          icon: Heading2Icon,
          run: () => chain().toggleHeading({ level: 2 }).run(),
          active: state?.h2,
        },
        {
          label: 'Subheading',
          icon: Heading3Icon,
          run: () => chain().toggleHeading({ level: 3 }).run(),
          active: state?.h3,
        },
        {
          label: 'Bulleted list',
          icon: ListIcon,
          run: () => chain().toggleBulletList().run(),
          active: state?.bullet,
        },
        {
          label: 'Numbered list',
          icon: ListOrderedIcon,
          run: () => chain().toggleOrderedList().run(),
          active: state?.ordered,
        },
        {
          label: 'Quote',
          icon: QuoteIcon,
          run: () => chain().toggleBlockquote().run(),
          active: state?.quote,
        },
        { label: 'Link', icon: LinkIcon, run: setLink, active: state?.link },
        { label: 'Undo', icon: Undo2Icon, run: () => chain().undo().run(), disabled: !state?.undo },
        { label: 'Redo', icon: Redo2Icon, run: () => chain().redo().run(), disabled: !state?.redo },
      ]
    : [];

  return (
    <div
      className={cn(
        'rounded-md border bg-white shadow-sm focus-within:border-brand-500 focus-within:outline-2 focus-within:outline-brand-500/40',
        invalid ? 'border-red-500' : 'border-slate-300',
      )}
    >
      <div
        role="toolbar"
        aria-label="Formatting"
        aria-controls={id}
        className="flex flex-wrap gap-0.5 border-b border-slate-200 p-1"
      >
        {tools.map((tool) => (
          <button
            key={tool.label}
            type="button"
            title={tool.label}
            aria-label={tool.label}
            aria-pressed={tool.active === undefined ? undefined : tool.active}
            disabled={tool.disabled}
            onClick={tool.run}
            className={cn(
              'inline-flex size-8 items-center justify-center rounded text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-40',
              tool.active && 'bg-brand-50 text-brand-700',
            )}
          >
            <tool.icon className="size-4" aria-hidden="true" />
          </button>
        ))}
      </div>
      {editor ? <EditorContent editor={editor} /> : <div className="min-h-40" aria-busy="true" />}
    </div>
  );
}

/** The editor with its label, hint and error, keyed by the payload path like the other fields. */
export function RichTextField({
  path,
  label,
  hint,
  errors,
  value,
  onChange,
  className,
}: {
  path: string;
  label: string;
  hint?: string;
  errors: Record<string, string>;
  value: string | null;
  onChange: (html: string | null) => void;
  className?: string;
}) {
  const id = `field-${path}`;
  const error = errors[path];
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <span id={`${id}-label`} className="text-sm font-medium leading-none text-slate-800">
        {label}
      </span>
      <RichTextEditor
        id={id}
        labelId={`${id}-label`}
        value={value}
        onChange={onChange}
        invalid={Boolean(error)}
        describedBy={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
      />
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
