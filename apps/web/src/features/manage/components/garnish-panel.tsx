/** The 'Guarniciones' panel of the 'Carta' tab: the brand's garnish groups, their rules and their items. */
import { menuKeyFromName } from '@comanda/domain/menu-key';
import type { MoneyCountry } from '@comanda/domain/money';
import type { GarnishGroup } from '../api/menu-api';
import { garnishLocalErrors } from '../lib/menu-draft';
import { ConflictNotice, ErrorSummary, FieldError, MoneyInput, SaveBar } from './edit-parts';
import { usePartEditor } from './use-part-editor';

const SHOWN = /^\[\d+\]\.(groupName|maxGarnishAmount|minGarnishAmount|groupItems\[\d+\]\.(name|price))$/;

export function GarnishPanel({
  token,
  brandId,
  country,
  onFailure,
}: {
  token: string;
  brandId: number;
  country: MoneyCountry;
  onFailure: (error: unknown) => void;
}) {
  const editor = usePartEditor<GarnishGroup[]>(
    token,
    'garnishGroups',
    brandId,
    undefined,
    garnishLocalErrors,
    onFailure,
  );
  const { draft, setDraft, errors } = editor;
  if (!draft) return <p className="muted">Cargando las guarniciones…</p>;
  const update = (g: number, patch: Partial<GarnishGroup>) =>
    setDraft((groups) => groups.map((group, i) => (i === g ? { ...group, ...patch } : group)));
  const count = (
    label: string,
    id: string,
    value: number,
    error: string | undefined,
    set: (n: number) => void,
  ) => (
    <div className="console-field menu-edit__narrow">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        min={0}
        inputMode="numeric"
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(event) => set(Math.max(0, Number.parseInt(event.target.value, 10) || 0))}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );

  return (
    <div className="menu-edit">
      <ConflictNotice editor={editor} what="las guarniciones" it="las" />
      <ErrorSummary messages={Object.entries(errors).filter(([path]) => !SHOWN.test(path))} />
      {draft.map((group, g) => (
        <section key={group.key} className="menu-edit__card" aria-labelledby={`group-${group.key}`}>
          <div className="menu-edit__row">
            <div className="console-field">
              <label htmlFor={`group-${group.key}`}>Grupo</label>
              <input
                id={`group-${group.key}`}
                value={group.groupName}
                aria-invalid={errors[`[${g}].groupName`] ? true : undefined}
                onChange={(event) => update(g, { groupName: event.target.value })}
              />
              <FieldError id={`group-${group.key}-error`} message={errors[`[${g}].groupName`]} />
            </div>
            {count(
              'Mínimo',
              `group-${group.key}-min`,
              group.minGarnishAmount,
              errors[`[${g}].minGarnishAmount`],
              (n) => update(g, { minGarnishAmount: n }),
            )}
            {count(
              'Máximo',
              `group-${group.key}-max`,
              group.maxGarnishAmount,
              errors[`[${g}].maxGarnishAmount`],
              (n) => update(g, { maxGarnishAmount: n }),
            )}
          </div>
          <div className="menu-edit__choices">
            <label>
              <input
                type="checkbox"
                checked={group.mandatory}
                onChange={(e) => update(g, { mandatory: e.target.checked })}
              />{' '}
              Obligatorio
            </label>
            <label>
              <input
                type="checkbox"
                checked={group.multipleSelection}
                onChange={(e) => update(g, { multipleSelection: e.target.checked })}
              />{' '}
              Permite elegir varias
            </label>
          </div>
          <ul className="menu-edit__items" aria-label={`Opciones de ${group.groupName}`}>
            {group.groupItems.map((item, i) => {
              const at = `[${g}].groupItems[${i}]`;
              const setItem = (patch: Partial<typeof item>) =>
                update(g, {
                  groupItems: group.groupItems.map((it, j) => (j === i ? { ...it, ...patch } : it)),
                });
              return (
                <li key={item.key} className="menu-edit__row">
                  <div className="console-field">
                    <label htmlFor={`item-${group.key}-${item.key}`}>Opción</label>
                    <input
                      id={`item-${group.key}-${item.key}`}
                      value={item.name}
                      aria-invalid={errors[`${at}.name`] ? true : undefined}
                      onChange={(event) => setItem({ name: event.target.value })}
                    />
                    <FieldError id={`item-${group.key}-${item.key}-error`} message={errors[`${at}.name`]} />
                  </div>
                  <MoneyInput
                    id={`item-${group.key}-${item.key}-price`}
                    label="Precio"
                    value={item.price}
                    country={country}
                    error={errors[`${at}.price`]}
                    onChange={(price) => setItem({ price })}
                  />
                  <label className="menu-edit__inline">
                    <input
                      type="checkbox"
                      checked={item.visible !== false}
                      onChange={(event) => setItem({ visible: event.target.checked })}
                    />{' '}
                    Visible
                  </label>
                  <button
                    type="button"
                    className="button button--bordered button--small"
                    aria-label={`Quitar ${item.name}`}
                    onClick={() => {
                      if (window.confirm(`¿Quitar "${item.name}" de ${group.groupName}?`))
                        update(g, { groupItems: group.groupItems.filter((_, j) => j !== i) });
                    }}
                  >
                    ✕
                  </button>
                </li>
              );
            })}
          </ul>
          <div className="menu-edit__row">
            <button
              type="button"
              className="button button--bordered button--small"
              onClick={() => {
                const name = window.prompt(`Nombre de la opción nueva de ${group.groupName}`);
                if (!name?.trim()) return;
                const key = menuKeyFromName(
                  name,
                  group.groupItems.map((it) => it.key),
                );
                update(g, {
                  groupItems: [...group.groupItems, { key, name: name.trim(), price: 0, visible: true }],
                });
              }}
            >
              Agregar opción
            </button>
            <button
              type="button"
              className="button button--bordered button--small"
              onClick={() => {
                if (
                  window.confirm(
                    `¿Quitar el grupo "${group.groupName}"? Los platos que lo usan dejarán de ofrecerlo.`,
                  )
                )
                  setDraft((groups) => groups.filter((_, i) => i !== g));
              }}
            >
              Quitar grupo
            </button>
          </div>
        </section>
      ))}
      <button
        type="button"
        className="button button--bordered"
        onClick={() => {
          const name = window.prompt('Nombre del grupo nuevo (por ejemplo "Salsas")');
          if (!name?.trim()) return;
          setDraft((groups) => [
            ...groups,
            {
              key: menuKeyFromName(
                name,
                groups.map((group) => group.key),
              ),
              groupName: name.trim(),
              mandatory: false,
              multipleSelection: false,
              minGarnishAmount: 0,
              maxGarnishAmount: 1,
              groupItems: [],
            },
          ]);
        }}
      >
        Agregar grupo
      </button>
      <SaveBar editor={editor} what="Las guarniciones" />
    </div>
  );
}
