/** The seed commitments of an online game, out of the way in a disclosure: hashes as published, seeds as revealed, and how to check them. */
import type { Fairness } from '@hanafuda/protocol';
import type { JSX } from 'preact';
import { gameUrl } from '../state/online-room.js';
import type { Strings } from '../i18n/en.js';

export interface FairnessPanelProps {
  readonly fairness: Fairness;
  readonly room: string;
  readonly over: boolean;
  readonly t: Strings;
  /** In the flow of a dialog, rather than a drop-down over the table. */
  readonly inline?: boolean;
}

export function FairnessPanel(props: FairnessPanelProps): JSX.Element {
  const { fairness, t } = props;
  return (
    <details class={`fairness${props.inline ? ' inline' : ''}`}>
      <summary>
        <svg class="lock" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M3 5V3.5a3 3 0 0 1 6 0V5h.5A1 1 0 0 1 10.5 6v5a1 1 0 0 1-1 1h-7a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm1.5 0h3V3.5a1.5 1.5 0 0 0-3 0z" />
        </svg>
        {t.fairness}
      </summary>
      <div class="fairness-body">
        <p>{t.fairnessHelp}</p>
        <table>
          <thead>
            <tr>
              <th scope="col">{t.round}</th>
              <th scope="col">{t.hash} (SHA-256)</th>
              <th scope="col">{t.seed}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{t.gameSeed}</th>
              <td>
                <code>{fairness.gameSeedHash}</code>
              </td>
              <td>{fairness.gameSeed ? <code>{fairness.gameSeed}</code> : <em>{t.secretUntilEnd}</em>}</td>
            </tr>
            {fairness.rounds.map((r) => (
              <tr key={r.round}>
                <th scope="row">{r.round}</th>
                <td>
                  <code>{r.hash}</code>
                </td>
                <td>{r.seed ? <code>{r.seed}</code> : <em>{t.secretUntilEnd}</em>}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          {t.verifyHowTo} <code>npx hanafuda verify game.json</code>
          {props.over ? (
            <>
              {' · '}
              <a href={gameUrl(props.room)} download={`hanafuda-${props.room}.json`}>
                {t.downloadGame}
              </a>
            </>
          ) : null}
        </p>
      </div>
    </details>
  );
}
