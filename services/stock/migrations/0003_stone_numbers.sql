-- Stone numbers of stones added after the first load (the demo's run from D100001).
create sequence :schema.stone_numbers start 900001;
