import { ChatCloseIcon, ChatToggle, useChat } from '@livekit/components-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';

const timeOf = new Intl.DateTimeFormat('fr-FR', { timeStyle: 'short' });

/** The room's chat: messages reach those present when they are sent, and are kept nowhere. */
export function RoomChat({ open }: { open: boolean }) {
  const { chatMessages, send, isSending } = useChat();
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const list = useRef<HTMLOListElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new message scrolls to the end.
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [chatMessages.length]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    await send(text);
    setDraft('');
  }

  return (
    <section className="lk-chat" aria-label="Discussion" style={{ display: open ? 'grid' : 'none' }}>
      <div className="lk-chat-header">
        Discussion
        <ChatToggle className="lk-close-button" aria-label="Fermer la discussion">
          <ChatCloseIcon aria-hidden="true" />
        </ChatToggle>
      </div>
      <ol className="lk-list lk-chat-messages" ref={list} aria-live="polite">
        {chatMessages.map((message) => (
          <li key={message.id ?? message.timestamp} className="lk-chat-entry" data-lk-message-origin="remote">
            <span className="lk-meta-data">
              <strong className="lk-participant-name">
                {message.from?.name || message.from?.identity || 'Participant'}
              </strong>{' '}
              <span className="lk-timestamp">{timeOf.format(message.timestamp)}</span>
            </span>
            <span className="lk-message-body">{message.message}</span>
          </li>
        ))}
      </ol>
      <form className="lk-chat-form" onSubmit={submit}>
        <label htmlFor={inputId} className="sr-only">
          Votre message
        </label>
        <input
          id={inputId}
          className="lk-form-control lk-chat-form-input"
          type="text"
          value={draft}
          placeholder="Écrire un message…"
          disabled={isSending}
          onChange={(event) => setDraft(event.target.value)}
          // The room's shortcuts must not fire while typing.
          onKeyDown={(event) => event.stopPropagation()}
        />
        <button type="submit" className="lk-button lk-chat-form-button" disabled={isSending}>
          Envoyer
        </button>
      </form>
    </section>
  );
}
