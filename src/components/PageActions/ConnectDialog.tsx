import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { ASSISTANT_CLIENTS, HTTP_URL } from './snippets';
import styles from './styles.module.css';

function Snippet({
  label,
  text,
  buttonClassName,
}: {
  label: string;
  text: string;
  buttonClassName: string;
}): ReactNode {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (copied === 'idle') return undefined;
    const timer = window.setTimeout(() => setCopied('idle'), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <div className={styles.snippet}>
      <div className={styles.snippetHead}>
        <span>{label}</span>
        <button
          type="button"
          className={buttonClassName}
          aria-label={`Copy: ${label}`}
          aria-live="polite"
          onClick={() =>
            navigator.clipboard.writeText(text).then(
              () => setCopied('copied'),
              () => setCopied('failed'),
            )
          }
        >
          {copied === 'copied' ? 'Copied!' : copied === 'failed' ? 'Copy failed' : 'Copy'}
        </button>
      </div>
      <pre className={styles.code} tabIndex={0}>
        <code>{text}</code>
      </pre>
    </div>
  );
}

/** A modal dialog (the browser's own, so focus stays inside and Escape closes it) with MCP settings. */
export default function ConnectDialog({
  onClose,
  buttonClassName,
}: {
  onClose: () => void;
  /** The look of the page's other action buttons. */
  buttonClassName: string;
}): ReactNode {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [clientId, setClientId] = useState(ASSISTANT_CLIENTS[0].id);
  const client = ASSISTANT_CLIENTS.find((candidate) => candidate.id === clientId)!;

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={titleId} onClose={onClose}>
      <div className={styles.dialogHead}>
        <h2 id={titleId}>Connect to your AI assistant</h2>
        <button type="button" className={buttonClassName} onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
      <p>
        This documentation comes with an MCP server: your assistant can search it, read pages and look up REST
        API operations and Cortex cmdlets. Run it from a clone of the documentation repository after{' '}
        <code>npm run build</code>, or connect to a shared one over HTTP (<code>npm run mcp -- --http</code>{' '}
        serves <code>{HTTP_URL}</code>). <Link to="/docs/developer/ai-assistants">How it works</Link>
      </p>
      <fieldset className={styles.clients}>
        <legend>Assistant</legend>
        {ASSISTANT_CLIENTS.map((candidate) => (
          <label key={candidate.id} className={styles.client}>
            <input
              type="radio"
              name={`${titleId}-client`}
              value={candidate.id}
              checked={candidate.id === clientId}
              onChange={() => setClientId(candidate.id)}
            />
            {candidate.label}
          </label>
        ))}
      </fieldset>
      <p className={styles.where}>{client.where}</p>
      <Snippet
        label={`${client.label}: from a clone (stdio)`}
        text={client.stdio}
        buttonClassName={buttonClassName}
      />
      {client.http ? (
        <Snippet label={`${client.label}: over HTTP`} text={client.http} buttonClassName={buttonClassName} />
      ) : (
        <p className={styles.where}>{client.label} starts the server itself: use the configuration above.</p>
      )}
    </dialog>
  );
}
