/**
 * 'Carta' (issue 19, ADR 053): the OWNER edits a brand's menus — categories,
 * plates, sizes, images, highlights — its garnish groups and its menu
 * discounts. Each panel saves its own part through the tenant import's rules;
 * diners see the change at once.
 */
import { useEffect, useState } from 'react';
import { type Menu, type MenusOfCompany, menuPartGet, menusList } from '../api/menu-api';
import { leaveAllowed } from '../lib/leave-guard';
import { DiscountsPanel } from './discounts-panel';
import { GarnishPanel } from './garnish-panel';
import type { ManageTabProps } from './manage-tabs';
import { MenuPanel } from './menu-panel';
import '../menu-edit.css';

const MODE_WORDS: Record<string, string> = {
  DELIVERY: 'Delivery',
  TAKE_AWAY: 'Retiro',
  DINE_IN: 'Salón',
  SELF_SERVICE: 'Autoservicio',
};
const PANELS = [
  ['platos', 'Platos'],
  ['guarniciones', 'Guarniciones'],
  ['descuentos', 'Descuentos'],
] as const;
type PanelId = (typeof PANELS)[number][0];

export default function MenuEditor({ token, onFailure }: ManageTabProps) {
  const [list, setList] = useState<MenusOfCompany | null>(null);
  const [picked, setPicked] = useState<string>('');
  const [panel, setPanel] = useState<PanelId>('platos');
  useEffect(() => {
    menusList(token).then((answer) => {
      setList(answer);
      const first = answer.brands[0];
      if (first?.menus[0]) setPicked(`${first.id}/${first.menus[0].key}`);
    }, onFailure);
  }, [token, onFailure]);

  if (!list) return <p className="muted">Cargando las cartas…</p>;
  const [brandText, menuKey = ''] = picked.split('/');
  const brand = list.brands.find((item) => item.id === Number(brandText));
  const menu = brand?.menus.find((item) => item.key === menuKey);
  if (!brand || !menu) return <p>La empresa no tiene cartas.</p>;
  const uses = menu.usedBy.map(
    (use) => `${use.branchContactName} · ${MODE_WORDS[use.orderModeType] ?? use.orderModeName}`,
  );

  return (
    <section className="menu-editor" aria-labelledby="menu-editor-title">
      <h2 id="menu-editor-title" className="visually-hidden">
        Edición de la carta
      </h2>
      <div className="menu-editor__head">
        <div className="console-field">
          <label htmlFor="menu-editor-pick">Carta</label>
          <select
            id="menu-editor-pick"
            value={picked}
            onChange={(event) => {
              if (leaveAllowed()) setPicked(event.target.value);
            }}
          >
            {list.brands.map((item) => (
              <optgroup key={item.id} label={item.name}>
                {item.menus.map((option) => (
                  <option key={option.key} value={`${item.id}/${option.key}`}>
                    {item.name} · {option.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <p className="muted menu-editor__uses">
          {uses.length ? `Usada por: ${uses.join(', ')}` : 'Ningún local la usa todavía.'}
        </p>
      </div>
      <nav className="console-tabs menu-editor__panels" aria-label="Qué editar">
        {PANELS.map(([id, label]) => (
          <button
            key={id}
            type="button"
            className={`console-tab${panel === id ? ' console-tab--active' : ''}`}
            aria-pressed={panel === id}
            onClick={() => {
              if (id !== panel && leaveAllowed()) setPanel(id);
            }}
          >
            {label}
          </button>
        ))}
      </nav>
      {panel === 'platos' ? (
        <MenuPanel
          key={picked}
          token={token}
          brandId={brand.id}
          menuKey={menu.key}
          country={list.country}
          onFailure={onFailure}
        />
      ) : panel === 'guarniciones' ? (
        <GarnishPanel
          key={brand.id}
          token={token}
          brandId={brand.id}
          country={list.country}
          onFailure={onFailure}
        />
      ) : (
        <BrandDiscounts
          key={brand.id}
          token={token}
          brandId={brand.id}
          menuKeys={brand.menus.map((item) => item.key)}
          country={list.country}
          onFailure={onFailure}
        />
      )}
    </section>
  );
}

/** The discounts panel with the plates of every menu of the brand to choose from. */
function BrandDiscounts({
  token,
  brandId,
  menuKeys,
  country,
  onFailure,
}: {
  token: string;
  brandId: number;
  menuKeys: string[];
  country: MenusOfCompany['country'];
  onFailure: (error: unknown) => void;
}) {
  const [plates, setPlates] = useState<Menu['categories'][number]['plates'] | null>(null);
  const keys = menuKeys.join(',');
  useEffect(() => {
    Promise.all(keys.split(',').map((key) => menuPartGet<Menu>(token, 'menu', brandId, key))).then(
      (menus) => {
        const seen = new Map<string, Menu['categories'][number]['plates'][number]>();
        for (const read of menus)
          for (const category of read.value.categories)
            for (const plate of category.plates) seen.set(plate.key, plate);
        setPlates([...seen.values()]);
      },
      onFailure,
    );
  }, [token, brandId, keys, onFailure]);
  if (!plates) return <p className="muted">Cargando los descuentos…</p>;
  return (
    <DiscountsPanel token={token} brandId={brandId} country={country} plates={plates} onFailure={onFailure} />
  );
}
