/** The 'Platos' panel of the 'Carta' tab: categories in order with their plates, and the plate editor. */
import type { MoneyCountry } from '@comanda/domain/money';
import { useEffect, useState } from 'react';
import { type GarnishGroup, type Menu, menuPartGet, type Plate } from '../api/menu-api';
import {
  categoryAdd,
  menuLocalErrors,
  moneyDraftText,
  plateAdd,
  plateErrors,
  plateMove,
  plateRemove,
} from '../lib/menu-draft';
import { ConflictNotice, ErrorSummary, SaveBar } from './edit-parts';
import { PlateEditor } from './plate-editor';
import { usePartEditor } from './use-part-editor';

/** Paths a field on screen shows; anything else is listed on top. */
const SHOWN = /^categories\[\d+\](\.showName$|\.plates\[\d+\])/;

function priceText(plate: Plate, country: MoneyCountry): string {
  if (plate.sizes)
    return plate.sizes.map((size) => `${size.name} ${moneyDraftText(size.price, country)}`).join(' · ');
  return plate.price === undefined || plate.price === ''
    ? 'sin precio'
    : moneyDraftText(plate.price, country);
}

export function MenuPanel({
  token,
  brandId,
  menuKey,
  country,
  onFailure,
}: {
  token: string;
  brandId: number;
  menuKey: string;
  country: MoneyCountry;
  onFailure: (error: unknown) => void;
}) {
  const editor = usePartEditor<Menu>(token, 'menu', brandId, menuKey, menuLocalErrors, onFailure);
  const [groups, setGroups] = useState<GarnishGroup[]>([]);
  const [open, setOpen] = useState<{ c: number; p: number } | null>(null);
  useEffect(() => {
    menuPartGet<GarnishGroup[]>(token, 'garnishGroups', brandId).then(
      (read) => setGroups(read.value),
      onFailure,
    );
  }, [token, brandId, onFailure]);

  const { draft, setDraft, errors } = editor;
  if (!draft) return <p className="muted">Cargando la carta…</p>;
  const plate = open ? draft.categories[open.c]?.plates[open.p] : undefined;

  const updatePlate = (c: number, p: number, next: Plate) =>
    setDraft((menu) => ({
      ...menu,
      categories: menu.categories.map((category, i) =>
        i === c
          ? { ...category, plates: category.plates.map((item, j) => (j === p ? next : item)) }
          : category,
      ),
    }));
  const flag = (list: 'remarkeds' | 'upselleds', key: string, on: boolean) =>
    setDraft((menu) => {
      const rest = (menu[list] ?? []).filter((item) => item !== key);
      return { ...menu, [list]: on ? [...rest, key] : rest };
    });
  const addPlate = (c: number) => {
    const name = window.prompt('Nombre del plato nuevo');
    if (!name?.trim()) return;
    const added = plateAdd(draft, c, name);
    setDraft(() => added.menu);
    setOpen({ c, p: added.index });
  };
  const addCategory = () => {
    const name = window.prompt('Nombre de la categoría nueva');
    if (name?.trim()) setDraft((menu) => categoryAdd(menu, name));
  };

  return (
    <div className="menu-edit">
      <ConflictNotice editor={editor} what="esta carta" it="la" />
      <ErrorSummary messages={Object.entries(errors).filter(([path]) => !SHOWN.test(path))} />
      <div className="menu-edit__columns">
        <section className="menu-edit__list" aria-label="Categorías y platos">
          {draft.categories.map((category, c) => (
            <section
              key={category.key}
              className="menu-edit__category"
              aria-labelledby={`cat-${category.key}`}
            >
              <div className="menu-edit__category-head">
                <div className="console-field">
                  <label htmlFor={`cat-${category.key}`}>Categoría</label>
                  <input
                    id={`cat-${category.key}`}
                    value={category.showName}
                    aria-invalid={errors[`categories[${c}].showName`] ? true : undefined}
                    onChange={(event) =>
                      setDraft((menu) => ({
                        ...menu,
                        categories: menu.categories.map((item, i) =>
                          i === c ? { ...item, showName: event.target.value } : item,
                        ),
                      }))
                    }
                  />
                  {errors[`categories[${c}].showName`] ? (
                    <span className="menu-edit__field-error">{errors[`categories[${c}].showName`]}</span>
                  ) : null}
                </div>
                <button
                  type="button"
                  className="button button--bordered button--small"
                  aria-label={`Quitar la categoría ${category.showName}`}
                  onClick={() => {
                    const count = category.plates.length;
                    const question = `¿Quitar la categoría "${category.showName}"${count ? ` y sus ${count} platos` : ''}?`;
                    if (!window.confirm(question)) return;
                    setOpen(null);
                    setDraft((menu) => {
                      let next = menu;
                      for (let p = count - 1; p >= 0; p--) next = plateRemove(next, c, p);
                      return { ...next, categories: next.categories.filter((_, i) => i !== c) };
                    });
                  }}
                >
                  Quitar
                </button>
              </div>
              <ol className="menu-edit__plates">
                {category.plates.map((item, p) => {
                  const bad = Object.keys(plateErrors(errors, c, p)).length > 0;
                  const current = open?.c === c && open.p === p;
                  return (
                    <li
                      key={item.key}
                      className={`menu-edit__plate-row${current ? ' menu-edit__plate-row--open' : ''}`}
                    >
                      <button
                        type="button"
                        className="menu-edit__plate-open"
                        aria-pressed={current}
                        onClick={() => setOpen({ c, p })}
                      >
                        <span className="menu-edit__plate-name">{item.showName || 'Sin nombre'}</span>
                        <span className="muted">{priceText(item, country)}</span>
                        {bad ? <span className="menu-edit__field-error">Revisar</span> : null}
                      </button>
                      <span className="menu-edit__plate-actions">
                        <button
                          type="button"
                          className="button button--bordered button--small"
                          aria-label={`Subir ${item.showName}`}
                          disabled={p === 0}
                          onClick={() => {
                            setDraft((menu) => plateMove(menu, c, p, -1));
                            if (current) setOpen({ c, p: p - 1 });
                          }}
                        >
                          ↑
                        </button>
                        <button
                          type="button"
                          className="button button--bordered button--small"
                          aria-label={`Bajar ${item.showName}`}
                          disabled={p === category.plates.length - 1}
                          onClick={() => {
                            setDraft((menu) => plateMove(menu, c, p, 1));
                            if (current) setOpen({ c, p: p + 1 });
                          }}
                        >
                          ↓
                        </button>
                        <button
                          type="button"
                          className="button button--bordered button--small"
                          aria-label={`Quitar ${item.showName}`}
                          onClick={() => {
                            if (!window.confirm(`¿Quitar "${item.showName}" de la carta?`)) return;
                            setOpen(null);
                            setDraft((menu) => plateRemove(menu, c, p));
                          }}
                        >
                          ✕
                        </button>
                      </span>
                    </li>
                  );
                })}
              </ol>
              <button
                type="button"
                className="button button--bordered button--small"
                onClick={() => addPlate(c)}
              >
                Agregar plato en {category.showName}
              </button>
            </section>
          ))}
          <button type="button" className="button button--bordered" onClick={addCategory}>
            Agregar categoría
          </button>
        </section>
        <div className="menu-edit__detail">
          {plate && open ? (
            <PlateEditor
              key={plate.key}
              token={token}
              plate={plate}
              country={country}
              groups={groups}
              errors={plateErrors(errors, open.c, open.p)}
              remarked={draft.remarkeds?.includes(plate.key) ?? false}
              upselled={draft.upselleds?.includes(plate.key) ?? false}
              onChange={(next) => updatePlate(open.c, open.p, next)}
              onFlag={(list, on) => flag(list, plate.key, on)}
            />
          ) : (
            <p className="muted menu-edit__pick">Elija un plato de la lista para editarlo.</p>
          )}
        </div>
      </div>
      <SaveBar editor={editor} what="La carta" />
    </div>
  );
}
