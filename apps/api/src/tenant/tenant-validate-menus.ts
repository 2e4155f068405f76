/** Tenant-file rules for a brand's garnish groups, menus, categories and plates. */
import { arr, type FileChecks, type Loose, num, recs, str } from './tenant-validate-checks';

/** A brand's garnish groups; returns their keys, which plates refer to. */
export function garnishGroupsCheck(check: FileChecks, path: string, branch: Loose): Set<string> {
  const groups = recs(branch.garnishGroups);
  check.unique(
    groups.map(([g, group]) => [`${path}.garnishGroups[${g}].key`, group.key]),
    'garnish group key',
  );
  const groupKeys = new Set(groups.map(([, group]) => str(group.key)).filter((key) => key !== undefined));
  for (const [g, group] of groups) {
    const groupPath = `${path}.garnishGroups[${g}]`;
    const items = recs(group.groupItems);
    check.unique(
      items.map(([i, item]) => [`${groupPath}.groupItems[${i}].key`, item.key]),
      'garnish item key',
    );
    for (const [i, item] of items) check.money(`${groupPath}.groupItems[${i}].price`, item.price);
    const min = num(group.minGarnishAmount);
    const max = num(group.maxGarnishAmount);
    if (min !== undefined && max !== undefined && max < min) {
      check.error(`${groupPath}.maxGarnishAmount`, `must be at least minGarnishAmount (${min})`);
    }
  }
  return groupKeys;
}

/** A brand's menus; returns the keys of its menus, plates and categories, which other parts refer to. */
export function menusCheck(
  check: FileChecks,
  path: string,
  branch: Loose,
  groupKeys: Set<string>,
): { menuKeys: Set<string>; branchPlateKeys: Set<string>; branchCategoryKeys: Set<string> } {
  const menuList = recs(branch.menus);
  check.unique(
    menuList.map(([m, menu]) => [`${path}.menus[${m}].key`, menu.key]),
    'menu key',
  );
  const menuKeys = new Set(menuList.map(([, menu]) => str(menu.key)).filter((key) => key !== undefined));
  const branchPlateKeys = new Set<string>();
  const branchCategoryKeys = new Set<string>();
  for (const [m, menu] of menuList) {
    const menuPath = `${path}.menus[${m}]`;
    const categoryList = recs(menu.categories);
    check.unique(
      categoryList.map(([c, category]) => [`${menuPath}.categories[${c}].key`, category.key]),
      'category key in this menu',
    );
    const plateItems: [string, unknown][] = [];
    const menuPlateKeys = new Set<string>();
    for (const [c, category] of categoryList) {
      const categoryKey = str(category.key);
      if (categoryKey) branchCategoryKeys.add(categoryKey);
      for (const [p, plate] of recs(category.plates)) {
        const platePath = `${menuPath}.categories[${c}].plates[${p}]`;
        plateItems.push([`${platePath}.key`, plate.key]);
        const plateKey = str(plate.key);
        if (plateKey) {
          menuPlateKeys.add(plateKey);
          branchPlateKeys.add(plateKey);
        }
        plateCheck(check, platePath, plate, groupKeys, `${path}.garnishGroups`);
      }
    }
    check.unique(plateItems, 'plate key in this menu');
    for (const list of ['remarkeds', 'upselleds'] as const) {
      const refs = arr(menu[list]);
      refs.forEach((key, k) => {
        const text = str(key);
        if (text !== undefined && !menuPlateKeys.has(text)) {
          check.error(`${menuPath}.${list}[${k}]`, `no plate with key "${text}" in this menu`);
        }
      });
      check.unique(
        refs.map((key, k) => [`${menuPath}.${list}[${k}]`, key]),
        'plate',
      );
    }
  }
  return { menuKeys, branchPlateKeys, branchCategoryKeys };
}

export function plateCheck(
  check: FileChecks,
  path: string,
  plate: Loose,
  groupKeys: Set<string>,
  groupsPath: string,
): void {
  const hasPrice = plate.price !== undefined;
  const hasSizes = plate.sizes !== undefined;
  if (hasPrice && hasSizes) check.error(path, 'has both price and sizes; a plate has one or the other');
  if (!hasPrice && !hasSizes) check.error(path, 'needs a price or sizes');
  check.money(`${path}.price`, plate.price);
  const sizes = recs(plate.sizes);
  if (hasSizes && Array.isArray(plate.sizes) && plate.sizes.length === 0) {
    check.error(`${path}.sizes`, 'expected at least one size');
  }
  check.unique(
    sizes.map(([s, size]) => [`${path}.sizes[${s}].key`, size.key]),
    'size key',
  );
  for (const [s, size] of sizes) check.money(`${path}.sizes[${s}].price`, size.price);
  const refs = arr(plate.garnishGroups);
  refs.forEach((key, g) => {
    const text = str(key);
    if (text !== undefined && !groupKeys.has(text)) {
      check.error(`${path}.garnishGroups[${g}]`, `no garnish group with key "${text}" in ${groupsPath}`);
    }
  });
  check.unique(
    refs.map((key, g) => [`${path}.garnishGroups[${g}]`, key]),
    'garnish group',
  );
}
