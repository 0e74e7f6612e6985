-- The catalog: organisations, people, the scientific-field taxonomy, content items with their
-- per-type details, and the links between them.
create extension if not exists pg_trgm with schema extensions;

create or replace function public.set_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end $$;
revoke execute on function public.set_updated_at() from public, anon, authenticated;

create table public.organizations (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 200),
  type text check (type in ('company', 'academic', 'research_institute', 'nonprofit', 'government')),
  size text check (size in ('startup', 'small', 'medium', 'large', 'enterprise')),
  website text check (website ~ '^https?://'),
  description text check (char_length(description) <= 5000),
  logo_url text check (logo_url ~ '^https?://'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
grant all on public.organizations to anon, authenticated;
alter table public.organizations enable row level security;

create unique index organizations_name_key on public.organizations (lower(name));

create trigger organizations_updated_at before update on public.organizations
  for each row execute function public.set_updated_at();

create table public.people (
  id uuid primary key default gen_random_uuid(),
  full_name text not null check (char_length(full_name) between 1 and 200),
  orcid_id text check (orcid_id ~ '^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$'),
  created_at timestamptz not null default now()
);
grant all on public.people to anon, authenticated;
alter table public.people enable row level security;

create index people_full_name_idx on public.people (lower(full_name));

create table public.scientific_domains (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(_[a-z0-9]+)*$'),
  name text not null unique check (char_length(name) between 1 and 100),
  parent_id uuid references public.scientific_domains (id) on delete set null,
  icon text not null default 'flask',
  color text not null default '#228be6' check (color ~ '^#[0-9a-fA-F]{6}$'),
  description text,
  order_index integer not null default 0,
  created_at timestamptz not null default now()
);
grant all on public.scientific_domains to anon, authenticated;
alter table public.scientific_domains enable row level security;

create index scientific_domains_parent_idx on public.scientific_domains (parent_id);

-- Each field with itself and every field above it (depth 0 is the field itself). An item filed
-- under a field is also found, and counted, under the fields above it (docs/product.md#fields).
create or replace view public.domain_ancestry with (security_invoker = true) as
  with recursive up (domain_id, ancestor_id, depth) as (
    select d.id, d.id, 0 from public.scientific_domains d
    union all
    select up.domain_id, p.parent_id, up.depth + 1
    from up join public.scientific_domains p on p.id = up.ancestor_id
    -- a cycle an admin could write by hand ends here instead of looping
    where p.parent_id is not null and up.depth < 8)
  select up.domain_id, up.ancestor_id, a.slug as ancestor_slug, up.depth
  from up join public.scientific_domains a on a.id = up.ancestor_id;
revoke all on public.domain_ancestry from public, anon, authenticated;

create table public.content_items (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 100),
  title text not null check (char_length(btrim(title)) between 1 and 300),
  description text not null default '' check (char_length(description) <= 20000),
  short_description text not null default '' check (char_length(short_description) <= 300),
  content_type text not null check (content_type in ('software', 'paper', 'company', 'agent')),
  url text check (url ~ '^https?://'),
  status text not null default 'draft'
    check (status in ('draft', 'pending', 'published', 'rejected', 'archived')),
  verified boolean not null default false,
  featured boolean not null default false,
  view_count integer not null default 0 check (view_count >= 0),
  save_count integer not null default 0 check (save_count >= 0),
  trending_score double precision not null default 0 check (trending_score >= 0),
  year integer check (year between 1800 and 2100),
  tags text[] not null default '{}',
  key_features text[] not null default '{}',
  competitive_advantages text[] not null default '{}',
  metadata jsonb not null default '{}' check (jsonb_typeof(metadata) = 'object'),
  organization_id uuid references public.organizations (id) on delete set null,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  search_vector tsvector not null default ''::tsvector,
  -- (who contributed an approved item is in content_item_credits: everyone reads this table)
  constraint published_items_have_a_date check (status <> 'published' or published_at is not null)
);
grant all on public.content_items to anon, authenticated;
alter table public.content_items enable row level security;

comment on column public.content_items.search_vector is
  'Weighted full-text document: title (A) > tags (B) > short description (C) > description (D). Kept by trigger.';

create index content_items_status_type_idx on public.content_items (status, content_type);

create index content_items_organization_idx on public.content_items (organization_id);

-- Computed for every inserted or edited item, so it runs once per imported row: the same
-- vector as before, but without a SET clause (which costs a configuration save and restore per
-- call) and with every function and operator schema-qualified instead, so that a caller's
-- search_path cannot change what it computes.
create or replace function public.content_items_refresh_search_vector() returns trigger
language plpgsql as $$
begin
  new.search_vector := public.item_search_vector(new.title, new.tags, new.short_description, new.description);
  return new;
end $$;
revoke execute on function public.content_items_refresh_search_vector() from public, anon, authenticated;

create trigger content_items_search_vector
  before insert or update of title, tags, short_description, description on public.content_items
  for each row execute function public.content_items_refresh_search_vector();

-- Whether an SPDX licence id is OSI-approved: true, false, or null when the id is not on the SPDX
-- licence list (version 3.28.0, deprecated ids included, matched case-insensitively). Written from
-- core/src/catalog/spdx-licenses.json, the list's isOsiApproved entries; a test holds the two equal.
create or replace function public.spdx_osi_approved(license_id text) returns boolean
language sql immutable parallel safe set search_path = '' as $$
  select case
    when lower(license_id) = any ('{0bsd,aal,afl-1.1,afl-1.2,afl-2.0,afl-2.1,afl-3.0,agpl-3.0,agpl-3.0-only,agpl-3.0-or-later,
    alglib-documentation,apache-1.1,apache-2.0,apl-1.0,apsl-1.0,apsl-1.1,apsl-1.2,apsl-2.0,
    artistic-1.0,artistic-1.0-cl8,artistic-1.0-perl,artistic-2.0,blueoak-1.0.0,bsd-1-clause,
    bsd-2-clause,bsd-2-clause-patent,bsd-3-clause,bsd-3-clause-lbnl,bsd-3-clause-open-mpi,bsl-1.0,
    cal-1.0,cal-1.0-combined-work-exception,catosl-1.1,cddl-1.0,cecill-2.1,cern-ohl-p-2.0,
    cern-ohl-s-2.0,cern-ohl-w-2.0,cnri-python,cpal-1.0,cpl-1.0,cua-opl-1.0,ecl-1.0,ecl-2.0,efl-1.0,
    efl-2.0,entessa,epl-1.0,epl-2.0,eudatagrid,eupl-1.1,eupl-1.2,fair,frameworx-1.0,gpl-2.0,
    gpl-2.0+,gpl-2.0-only,gpl-2.0-or-later,gpl-3.0,gpl-3.0+,gpl-3.0-only,gpl-3.0-or-later,
    gpl-3.0-with-gcc-exception,hpnd,icu,intel,ipa,ipl-1.0,isc,jam,lgpl-2.0,lgpl-2.0+,lgpl-2.0-only,
    lgpl-2.0-or-later,lgpl-2.1,lgpl-2.1+,lgpl-2.1-only,lgpl-2.1-or-later,lgpl-3.0,lgpl-3.0+,
    lgpl-3.0-only,lgpl-3.0-or-later,liliq-p-1.1,liliq-r-1.1,liliq-rplus-1.1,lpl-1.0,lpl-1.02,
    lppl-1.3c,miros,mit,mit-0,mit-modern-variant,motosoto,mpl-1.0,mpl-1.1,mpl-2.0,
    mpl-2.0-no-copyleft-exception,ms-pl,ms-rl,mulanpsl-2.0,multics,nasa-1.3,naumen,ncsa,ngpl,nokia,
    nposl-3.0,ntp,oclc-2.0,ofl-1.1,ofl-1.1-no-rfn,ofl-1.1-rfn,ogtsl,oldap-2.8,olfl-1.3,osc-1.0,
    oset-pl-2.1,osl-1.0,osl-2.0,osl-2.1,osl-3.0,php-3.0,php-3.01,postgresql,python-2.0,qpl-1.0,
    rpl-1.1,rpl-1.5,rpsl-1.0,rscpl,simpl-2.0,sissl,sleepycat,spl-1.0,ucl-1.0,unicode-3.0,
    unicode-dfs-2016,unlicense,upl-1.0,vsl-1.0,w3c,w3c-20150513,watcom-1.0,wordnet,wxwindows,xnet,
    zlib,zpl-2.0,zpl-2.1}'::text[]) then true
    when lower(license_id) = any ('{3d-slicer-1.0,abstyles,adacore-doc,adobe-2006,adobe-display-postscript,adobe-glyph,adobe-utopia,
    adsl,advanced-cryptics-dictionary,afmparse,agpl-1.0,agpl-1.0-only,agpl-1.0-or-later,aladdin,
    amd-newlib,amdplpa,aml,aml-glslang,ampas,antlr-pd,antlr-pd-fallback,any-osi,
    any-osi-perl-modules,apache-1.0,apafml,app-s2p,arphic-1999,artistic-dist,aspell-ru,
    aswf-digital-assets-1.0,aswf-digital-assets-1.1,baekmuk,bahyph,barr,bcrypt-solar-designer,
    beerware,bitstream-charter,bitstream-vera,bittorrent-1.0,bittorrent-1.1,blessing,boehm-gc,
    boehm-gc-without-fee,bola-1.1,borceux,brian-gladman-2-clause,brian-gladman-3-clause,
    bsd-2-clause-darwin,bsd-2-clause-first-lines,bsd-2-clause-freebsd,bsd-2-clause-netbsd,
    bsd-2-clause-pkgconf-disclaimer,bsd-2-clause-views,bsd-3-clause-acpica,bsd-3-clause-attribution,
    bsd-3-clause-clear,bsd-3-clause-flex,bsd-3-clause-hp,bsd-3-clause-modification,
    bsd-3-clause-no-military-license,bsd-3-clause-no-nuclear-license,
    bsd-3-clause-no-nuclear-license-2014,bsd-3-clause-no-nuclear-warranty,bsd-3-clause-sun,
    bsd-3-clause-tso,bsd-4-clause,bsd-4-clause-shortened,bsd-4-clause-uc,bsd-4.3reno,bsd-4.3tahoe,
    bsd-advertising-acknowledgement,bsd-attribution-hpnd-disclaimer,bsd-inferno-nettverk,
    bsd-mark-modifications,bsd-protection,bsd-source-beginning-file,bsd-source-code,bsd-systemics,
    bsd-systemics-w3works,buddy,busl-1.1,bzip2-1.0.5,bzip2-1.0.6,c-uda-1.0,caldera,
    caldera-no-preamble,capec-tou,catharon,cc-by-1.0,cc-by-2.0,cc-by-2.5,cc-by-2.5-au,cc-by-3.0,
    cc-by-3.0-at,cc-by-3.0-au,cc-by-3.0-de,cc-by-3.0-igo,cc-by-3.0-nl,cc-by-3.0-us,cc-by-4.0,
    cc-by-nc-1.0,cc-by-nc-2.0,cc-by-nc-2.5,cc-by-nc-3.0,cc-by-nc-3.0-de,cc-by-nc-4.0,
    cc-by-nc-nd-1.0,cc-by-nc-nd-2.0,cc-by-nc-nd-2.5,cc-by-nc-nd-3.0,cc-by-nc-nd-3.0-de,
    cc-by-nc-nd-3.0-igo,cc-by-nc-nd-4.0,cc-by-nc-sa-1.0,cc-by-nc-sa-2.0,cc-by-nc-sa-2.0-de,
    cc-by-nc-sa-2.0-fr,cc-by-nc-sa-2.0-uk,cc-by-nc-sa-2.5,cc-by-nc-sa-3.0,cc-by-nc-sa-3.0-de,
    cc-by-nc-sa-3.0-igo,cc-by-nc-sa-4.0,cc-by-nd-1.0,cc-by-nd-2.0,cc-by-nd-2.5,cc-by-nd-3.0,
    cc-by-nd-3.0-de,cc-by-nd-4.0,cc-by-sa-1.0,cc-by-sa-2.0,cc-by-sa-2.0-uk,cc-by-sa-2.1-jp,
    cc-by-sa-2.5,cc-by-sa-3.0,cc-by-sa-3.0-at,cc-by-sa-3.0-de,cc-by-sa-3.0-igo,cc-by-sa-4.0,cc-pddc,
    cc-pdm-1.0,cc-sa-1.0,cc0-1.0,cddl-1.1,cdl-1.0,cdla-permissive-1.0,cdla-permissive-2.0,
    cdla-sharing-1.0,cecill-1.0,cecill-1.1,cecill-2.0,cecill-b,cecill-c,cern-ohl-1.1,cern-ohl-1.2,
    cfitsio,check-cvs,checkmk,clartistic,clips,cmu-mach,cmu-mach-nodoc,cnri-jython,
    cnri-python-gpl-compatible,coil-1.0,community-spec-1.0,condor-1.1,copyleft-next-0.3.0,
    copyleft-next-0.3.1,cornell-lossless-jpeg,cpol-1.02,cronyx,crossword,cryptoswift,crystalstacker,
    cube,curl,cve-tou,d-fsl-1.0,dec-3-clause,diffmark,dl-de-by-2.0,dl-de-zero-2.0,doc,docbook-dtd,
    docbook-schema,docbook-stylesheet,docbook-xml,dotseqn,drl-1.0,drl-1.1,dsdp,dtoa,dvipdfm,
    ecos-2.0,egenix,elastic-2.0,epics,erlpl-1.1,esa-pl-permissive-2.4,esa-pl-strong-copyleft-2.4,
    esa-pl-weak-copyleft-2.4,etalab-2.0,eupl-1.0,eurosym,fbm,fdk-aac,ferguson-twofish,freebsd-doc,
    freeimage,fsfap,fsfap-no-warranty-disclaimer,fsful,fsfullr,fsfullrsd,fsfullrwd,fsl-1.1-alv2,
    fsl-1.1-mit,ftl,furuseth,fwlw,game-programming-gems,gcr-docs,gd,generic-xts,gfdl-1.1,
    gfdl-1.1-invariants-only,gfdl-1.1-invariants-or-later,gfdl-1.1-no-invariants-only,
    gfdl-1.1-no-invariants-or-later,gfdl-1.1-only,gfdl-1.1-or-later,gfdl-1.2,
    gfdl-1.2-invariants-only,gfdl-1.2-invariants-or-later,gfdl-1.2-no-invariants-only,
    gfdl-1.2-no-invariants-or-later,gfdl-1.2-only,gfdl-1.2-or-later,gfdl-1.3,
    gfdl-1.3-invariants-only,gfdl-1.3-invariants-or-later,gfdl-1.3-no-invariants-only,
    gfdl-1.3-no-invariants-or-later,gfdl-1.3-only,gfdl-1.3-or-later,giftware,gl2ps,glide,glulxe,
    glwtpl,gnuplot,gpl-1.0,gpl-1.0+,gpl-1.0-only,gpl-1.0-or-later,gpl-2.0-with-autoconf-exception,
    gpl-2.0-with-bison-exception,gpl-2.0-with-classpath-exception,gpl-2.0-with-font-exception,
    gpl-2.0-with-gcc-exception,gpl-3.0-with-autoconf-exception,graphics-gems,gsoap-1.3b,gtkbook,
    gutmann,haskellreport,hdf5,hdparm,hidapi,hippocratic-2.1,hp-1986,hp-1989,hpnd-dec,hpnd-doc,
    hpnd-doc-sell,hpnd-export-us,hpnd-export-us-acknowledgement,hpnd-export-us-modify,
    hpnd-export2-us,hpnd-fenneberg-livingston,hpnd-inria-imag,hpnd-intel,hpnd-kevlin-henney,
    hpnd-markus-kuhn,hpnd-merchantability-variant,hpnd-mit-disclaimer,hpnd-netrek,hpnd-pbmplus,
    hpnd-sell-mit-disclaimer-xserver,hpnd-sell-regexpr,hpnd-sell-variant,
    hpnd-sell-variant-critical-systems,hpnd-sell-variant-mit-disclaimer,
    hpnd-sell-variant-mit-disclaimer-rev,hpnd-smc,hpnd-uc,hpnd-uc-export-us,htmltidy,
    hyphen-bulgarian,ibm-pibs,iec-code-components-eula,ijg,ijg-short,imagemagick,imatix,imlib2,
    info-zip,inner-net-2.0,innosetup,intel-acpi,interbase-1.0,isc-veillard,iso-permission,
    jasper-2.0,jove,jpl-image,jpnic,json,kastrup,kazlib,knuth-ctan,lal-1.2,lal-1.3,latex2e,
    latex2e-translated-notice,leptonica,lgpllr,libpng,libpng-1.6.35,libpng-2.0,libselinux-1.0,
    libtiff,libutil-david-nugent,linux-man-pages-1-para,linux-man-pages-copyleft,
    linux-man-pages-copyleft-2-para,linux-man-pages-copyleft-var,linux-openib,loop,lpd-document,
    lppl-1.0,lppl-1.1,lppl-1.2,lppl-1.3a,lsof,lucida-bitmap-fonts,lzma-sdk-9.11-to-9.20,
    lzma-sdk-9.22,mackerras-3-clause,mackerras-3-clause-acknowledgment,magaz,mailprio,makeindex,
    man2html,martin-birgmeier,mcphee-slideshow,metamail,minpack,mips,mit-advertising,mit-click,
    mit-cmu,mit-enna,mit-feh,mit-festival,mit-khronos-old,mit-open-group,mit-stk,mit-testregex,
    mit-wu,mitnfa,mmixware,mmpl-1.0.1,mpeg-ssg,mpi-permissive,mpich2,mplus,ms-lpl,mtll,mulanpsl-1.0,
    mup,naist-2003,nbpl-1.0,ncbi-pd,ncgl-uk-2.0,ncl,net-snmp,netcdf,newsletr,ngrep,nicta-1.0,
    nist-pd,nist-pd-fallback,nist-pd-tnt,nist-software,nlod-1.0,nlod-2.0,nlpl,nosl,noweb,npl-1.0,
    npl-1.1,nrl,ntia-pd,ntp-0,nunit,o-uda-1.0,oar,occt-pl,odbl-1.0,odc-by-1.0,offis,ofl-1.0,
    ofl-1.0-no-rfn,ofl-1.0-rfn,ogc-1.0,ogdl-taiwan-1.0,ogl-canada-2.0,ogl-uk-1.0,ogl-uk-2.0,
    ogl-uk-3.0,oldap-1.1,oldap-1.2,oldap-1.3,oldap-1.4,oldap-2.0,oldap-2.0.1,oldap-2.1,oldap-2.2,
    oldap-2.2.1,oldap-2.2.2,oldap-2.3,oldap-2.4,oldap-2.5,oldap-2.6,oldap-2.7,oml,openmdw-1.0,
    openpbs-2.3,openssl,openssl-standalone,openvision,opl-1.0,opl-uk-3.0,opubl-1.0,osl-1.1,ossp,
    padl,paratype-free-font-1.3,parity-6.0.0,parity-7.0.0,pddl-1.0,pixar,pkgconf,plexus,pnmstitch,
    polyform-noncommercial-1.0.0,polyform-small-business-1.0.0,ppl,psf-2.0,psfrag,psutils,
    python-2.0.1,python-ldap,qhull,qpl-1.0-inria-2004,radvd,rdisc,rhecos-1.1,rsa-md,ruby,ruby-pty,
    sax-pd,sax-pd-2.0,saxpath,scea,schemereport,sendmail,sendmail-8.23,sendmail-open-source-1.1,
    sgi-b-1.0,sgi-b-1.1,sgi-b-2.0,sgi-opengl,sgmlug-pm,sgp4,shl-0.5,shl-0.51,sissl-1.2,sl,smail-gpl,
    smlnj,smppl,snia,snprintf,sofa,softsurfer,soundex,spencer-86,spencer-94,spencer-99,ssh-keyscan,
    ssh-openssh,ssh-short,ssleay-standalone,sspl-1.0,standardml-nj,sugarcrm-1.1.3,sul-1.0,sun-ppp,
    sun-ppp-2000,sunpro,swl,swrule,symlinks,tapr-ohl-1.0,tcl,tcp-wrappers,tekhvc,termreadkey,
    tgppl-1.0,thirdeye,threeparttable,tmate,torque-1.1,tosl,tpdl,tpl-1.0,trustedqsl,ttwl,ttyp0,
    tu-berlin-1.0,tu-berlin-2.0,ubuntu-font-1.0,ucar,ulem,umich-merit,unicode-dfs-2015,unicode-tou,
    unixcrypt,unlicense-libtelnet,unlicense-libwhirlpool,unrar,urt-rle,vim,vixie-cron,vostrom,
    w3c-19980720,w3m,widget-workshop,wsuipa,wtfnmfpl,wtfpl,wwl,x11,
    x11-distribute-modifications-variant,x11-no-permit-persons,x11-swapped,xdebug-1.03,xerox,xfig,
    xfree86-1.1,xinetd,xkeyboard-config-zinoviev,xlock,xpp,xskat,xzoom,ypl-1.0,ypl-1.1,zed,zeeff,
    zend-2.0,zimbra-1.3,zimbra-1.4,zlib-acknowledgement,zpl-1.1}'::text[]) then false
  end
$$;

-- What a licence (an SPDX id, or an expression of ids joined by AND / OR, each maybe WITH an
-- exception) lets the catalog claim (docs/product.md#facts): 'open_source' when some OR branch is
-- all OSI-approved licences, 'source_available' when every id is on the SPDX list but no branch
-- is, and null (claim nothing) for anything else: no licence, a name that is not an SPDX id
-- ('Commercial', 'BSD'), parentheses. core/src/catalog/license-status.ts is the same rule.
create or replace function public.license_status(license text) returns text
language sql immutable parallel safe set search_path = '' as $$
  with terms as (
    select b.n, btrim(t.term, E' \t\r\n') as term
    from regexp_split_to_table(btrim(license, E' \t\r\n'), E'[ \t\r\n]+OR[ \t\r\n]+') with ordinality as b (branch, n),
         regexp_split_to_table(b.branch, E'[ \t\r\n]+AND[ \t\r\n]+') as t (term)
    -- (no work at all for what cannot be a licence: anyone may call this through the Data API)
    where char_length(license) <= 200
  ), looked as (
    select t.n, case when t.term ~ E'^[A-Za-z0-9.+-]+([ \t\r\n]+WITH[ \t\r\n]+[A-Za-z0-9.+-]+)?$'
                     then public.spdx_osi_approved(substring(t.term from E'^[A-Za-z0-9.+-]+')) end as osi
    from terms t
  )
  select case
    when license is null or btrim(license, E' \t\r\n') = '' or char_length(license) > 200 or license ~ '[()]' then null
    when bool_or(l.osi is null) then null
    when exists (select 1 from looked x group by x.n having bool_and(x.osi)) then 'open_source'
    else 'source_available'
  end
  from looked l
$$;

-- open_source is never typed: it is what the licence says, set on every write of a software or
-- agent row (a value given for it is replaced).
create or replace function public.derive_open_source() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.open_source := coalesce(public.license_status(new.license) = 'open_source', false);
  return new;
end $$;
revoke execute on function public.derive_open_source() from public, anon, authenticated;

-- A partial ISO date: a year, a year and month, or a full date ('2021', '2021-07', '2021-07-15').
create or replace function public.is_partial_date(value text) returns boolean
language plpgsql immutable parallel safe set search_path = '' as $$
begin
  if value !~ '^(1[89]|20|21)\d\d(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$' then
    return false;
  end if;
  -- a day the month does not have (2021-02-30) is no date: false, not a cast error
  if char_length(value) = 10 then
    perform value::date;
  end if;
  return true;
exception when datetime_field_overflow or invalid_datetime_format then
  return false;
end
$$;

-- content_items.year is the year of the item's typed date (docs/product.md#facts): first release
-- (software, agents), publication (papers), founding (companies). Browse's Year filter reads it.
-- Kept by a trigger on each type table (the column holding the date is the trigger's argument);
-- an item whose type row has no date keeps the year it was given.
create or replace function public.sync_item_year() returns trigger
language plpgsql set search_path = '' as $$
declare
  typed integer := left(to_jsonb(new) ->> tg_argv[0], 4)::integer;
begin
  if typed between 1800 and 2100 then
    update public.content_items set year = typed where id = new.content_id and year is distinct from typed;
  end if;
  return null;
end $$;
revoke execute on function public.sync_item_year() from public, anon, authenticated;

create table public.software (
  content_id uuid primary key references public.content_items (id) on delete cascade,
  pricing_model text check (pricing_model in ('free', 'freemium', 'subscription', 'paid', 'enterprise')),
  open_source boolean not null default false,
  github_url text check (github_url ~ '^https?://'),
  github_stars integer check (github_stars >= 0),
  api_available boolean not null default false,
  -- an SPDX id or expression; open_source is derived from it (public.license_status)
  license text check (char_length(license) <= 200),
  -- what the licence lets a card claim, kept with the row: the rule costs milliseconds a call,
  -- too much to run for every card of every search
  license_status text generated always as (public.license_status(license)) stored,
  programming_languages text[] not null default '{}',
  first_release text check (public.is_partial_date(first_release)),
  -- The licence of a model's weights as a source states it (an SPDX id or the licence's own
  -- name), apart from the code's: an open code licence says nothing of the weights, and how it
  -- can be had, as a source states it (docs/product.md#facts). Neither is derived from anything.
  weights_license text check (char_length(btrim(weights_license)) between 1 and 200),
  availability text check (availability in ('open', 'api_only', 'waitlist', 'commercial'))
);
grant all on public.software to anon, authenticated;
alter table public.software enable row level security;

create trigger software_open_source before insert or update on public.software
  for each row execute function public.derive_open_source();

create trigger software_year after insert or update of first_release on public.software
  for each row execute function public.sync_item_year('first_release');

create index software_pricing_idx on public.software (pricing_model);

create table public.papers (
  content_id uuid primary key references public.content_items (id) on delete cascade,
  abstract text,
  doi text check (doi ~ '^10\.\d{4,9}/\S+$'),
  arxiv_id text,
  pubmed_id text,
  journal_name text,
  volume text,
  issue text,
  pages text,
  publication_date date,
  peer_reviewed boolean not null default false,
  open_access boolean not null default false,
  citation_count integer not null default 0 check (citation_count >= 0),
  keywords text[] not null default '{}',
  research_goals text[] not null default '{}',
  key_findings text[] not null default '{}',
  methodology text,
  limitations text,
  future_work text,
  -- false when the stored author list is known to stop short (shown and exported with "et al.")
  authors_complete boolean not null default true
);
grant all on public.papers to anon, authenticated;
alter table public.papers enable row level security;

create trigger papers_year after insert or update of publication_date on public.papers
  for each row execute function public.sync_item_year('publication_date');

create unique index papers_doi_key on public.papers (lower(doi));

create table public.companies (
  content_id uuid primary key references public.content_items (id) on delete cascade,
  organization_id uuid references public.organizations (id) on delete set null,
  business_model text,
  moat text,
  industry_focus text[] not null default '{}',
  target_customers text[] not null default '{}',
  traction_metrics jsonb not null default '{}' check (jsonb_typeof(traction_metrics) = 'object'),
  partnerships text[] not null default '{}',
  awards_recognition text[] not null default '{}',
  press_mentions text[] not null default '{}',
  funding_stage text check (funding_stage in
    ('Pre-seed', 'Seed', 'Series A', 'Series B', 'Series C+', 'Public', 'Acquired', 'Non-profit')),
  employee_count text check (employee_count in ('1-10', '11-50', '51-200', '201-500', '500+')),
  founded_year integer check (founded_year between 1800 and 2100),
  headquarters text,
  -- Facts that change carry where they were read and when (docs/product.md#facts).
  funding_stage_as_of date check (funding_stage_as_of >= '1800-01-01'),
  funding_stage_source text check (funding_stage_source ~ '^https?://' and char_length(funding_stage_source) <= 2000),
  employee_count_as_of date check (employee_count_as_of >= '1800-01-01'),
  employee_count_source text check (employee_count_source ~ '^https?://' and char_length(employee_count_source) <= 2000),
  headquarters_as_of date check (headquarters_as_of >= '1800-01-01'),
  headquarters_source text check (headquarters_source ~ '^https?://' and char_length(headquarters_source) <= 2000)
);
grant all on public.companies to anon, authenticated;
alter table public.companies enable row level security;

create trigger companies_year after insert or update of founded_year on public.companies
  for each row execute function public.sync_item_year('founded_year');

create index companies_organization_idx on public.companies (organization_id);

create table public.agents (
  content_id uuid primary key references public.content_items (id) on delete cascade,
  model_type text,
  specialization text,
  interaction_mode text check (interaction_mode in ('chat', 'autonomous', 'api', 'notebook', 'cli')),
  capabilities text[] not null default '{}',
  integration_options text[] not null default '{}',
  open_source boolean not null default false,
  pricing_model text check (pricing_model in ('free', 'freemium', 'subscription', 'paid', 'enterprise')),
  license text check (char_length(license) <= 200),
  -- what the licence lets a card claim, kept with the row: the rule costs milliseconds a call,
  -- too much to run for every card of every search
  license_status text generated always as (public.license_status(license)) stored,
  first_release text check (public.is_partial_date(first_release)),
  -- as on software
  weights_license text check (char_length(btrim(weights_license)) between 1 and 200),
  availability text check (availability in ('open', 'api_only', 'waitlist', 'commercial'))
);
grant all on public.agents to anon, authenticated;
alter table public.agents enable row level security;

create trigger agents_open_source before insert or update on public.agents
  for each row execute function public.derive_open_source();

create trigger agents_year after insert or update of first_release on public.agents
  for each row execute function public.sync_item_year('first_release');

-- The year of an item's typed date, or null when its type row has none.
create or replace function public.item_typed_year(item_id uuid, item_type text) returns integer
language sql stable set search_path = '' as $$
  select case item_type
    when 'software' then (select left(s.first_release, 4)::integer from public.software s where s.content_id = item_id)
    when 'agent' then (select left(a.first_release, 4)::integer from public.agents a where a.content_id = item_id)
    when 'paper' then (select extract(year from p.publication_date)::integer from public.papers p where p.content_id = item_id)
    when 'company' then (select c.founded_year from public.companies c where c.content_id = item_id)
  end
$$;
revoke execute on function public.item_typed_year(uuid, text) from public, anon, authenticated;

-- An edit of year alone cannot make it disagree with the typed date.
create or replace function public.content_items_keep_typed_year() returns trigger
language plpgsql set search_path = '' as $$
declare
  typed integer := public.item_typed_year(new.id, new.content_type);
begin
  if typed between 1800 and 2100 then
    new.year := typed;
  end if;
  return new;
end $$;
revoke execute on function public.content_items_keep_typed_year() from public, anon, authenticated;

create trigger content_items_typed_year before update of year on public.content_items
  for each row execute function public.content_items_keep_typed_year();

create table public.content_people (
  content_id uuid not null references public.content_items (id) on delete cascade,
  person_id uuid not null references public.people (id) on delete cascade,
  role text not null default 'author' check (role in ('author', 'creator', 'maintainer', 'contributor')),
  order_index integer not null default 0,
  primary key (content_id, person_id, role)
);
grant all on public.content_people to anon, authenticated;
alter table public.content_people enable row level security;

create index content_people_person_idx on public.content_people (person_id);

create table public.content_domains (
  content_id uuid not null references public.content_items (id) on delete cascade,
  domain_id uuid not null references public.scientific_domains (id) on delete cascade,
  is_primary boolean not null default false,
  primary key (content_id, domain_id)
);
grant all on public.content_domains to anon, authenticated;
alter table public.content_domains enable row level security;

create index content_domains_domain_idx on public.content_domains (domain_id, content_id);

create unique index content_domains_one_primary on public.content_domains (content_id) where is_primary;

-- Loads catalog items (the format of fixtures/catalog and the synthetic generator) in one
-- set-based statement batch, all-or-nothing. Items whose slug exists are left untouched, so
-- seeding twice changes nothing. Only the service role (CLI, server) may call it.
--
-- It runs in the import's bulk mode (09_import.sql): the statement triggers that would index
-- the new items after each table's insert return at once, and the browse index, its counts and
-- the vocabulary are refreshed once at the end, for the new items only. Security definer for
-- that mode's token table, which no role may touch; only the service role may call it.
create or replace function public.load_catalog(items jsonb, mark_as_sample boolean default true)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  inserted_count integer;
  bulk_token text := gen_random_uuid()::text;
begin
  if jsonb_typeof(items) <> 'array' then
    raise exception 'items must be a JSON array' using errcode = '22023';
  end if;
  insert into public.import_bulk_tokens (token) values (bulk_token);
  perform set_config('sciai.bulk_load', bulk_token, true);

  -- several chunks may be loaded in one transaction (a new SciAI's catalog is loaded whole or not at all)
  drop table if exists pg_temp.incoming, pg_temp.incoming_authors;
  create temporary table incoming on commit drop as
  select
    gen_random_uuid() as id,
    e.ordinality as position,
    e.item,
    e.item ->> 'slug' as slug,
    e.item ->> 'content_type' as content_type
  from jsonb_array_elements(items) with ordinality as e (item, ordinality);

  -- Organisations, matched case-insensitively by name.
  insert into public.organizations (name, type, size, website)
  select distinct on (lower(i.item -> 'organization' ->> 'name'))
    i.item -> 'organization' ->> 'name',
    i.item -> 'organization' ->> 'type',
    i.item -> 'organization' ->> 'size',
    i.item -> 'organization' ->> 'website'
  from incoming i
  where i.item -> 'organization' ->> 'name' is not null
  order by lower(i.item -> 'organization' ->> 'name'), i.position
  on conflict (lower(name)) do nothing;

  -- Skip slugs already in the catalog.
  delete from incoming i using public.content_items ci where ci.slug = i.slug;

  insert into public.content_items (
    id, slug, title, description, short_description, content_type, url, status, verified, featured,
    view_count, save_count, trending_score, year, tags, key_features, competitive_advantages,
    organization_id, published_at, created_at, updated_at, metadata)
  select
    i.id, i.slug, i.item ->> 'title', coalesce(i.item ->> 'description', ''),
    coalesce(i.item ->> 'short_description', ''), i.content_type, i.item ->> 'url', 'published',
    coalesce((i.item ->> 'verified')::boolean, false), coalesce((i.item ->> 'featured')::boolean, false),
    coalesce((i.item ->> 'view_count')::integer, 0), coalesce((i.item ->> 'save_count')::integer, 0),
    coalesce((i.item ->> 'trending_score')::double precision, 0),
    -- the typed date's year (see sync_item_year), else the item's own
    coalesce(left(coalesce(i.item -> 'software' ->> 'first_release', i.item -> 'agent' ->> 'first_release',
      i.item -> 'paper' ->> 'publication_date', i.item -> 'company' ->> 'founded_year'), 4)::integer,
      (i.item ->> 'year')::integer),
    array(select jsonb_array_elements_text(coalesce(i.item -> 'tags', '[]'))),
    array(select jsonb_array_elements_text(coalesce(i.item -> 'key_features', '[]'))),
    array(select jsonb_array_elements_text(coalesce(i.item -> 'competitive_advantages', '[]'))),
    o.id,
    coalesce((i.item ->> 'created_at')::timestamptz, now()),
    coalesce((i.item ->> 'created_at')::timestamptz, now()),
    coalesce((i.item ->> 'created_at')::timestamptz, now()),
    -- sample items are marked: the 'Sample data' notice shows while any keeps its sample figures
    -- (catalog_has_sample_figures, 12_signals.sql)
    case when mark_as_sample then '{"sample": true}'::jsonb else '{}'::jsonb end
      || case when jsonb_typeof(i.item -> 'metadata') = 'object' then i.item -> 'metadata' else '{}'::jsonb end
  from incoming i
  left join public.organizations o on lower(o.name) = lower(i.item -> 'organization' ->> 'name');
  get diagnostics inserted_count = row_count;

  -- What the open sources say of an item built from them (16_catalog_sources.sql): the records
  -- behind it, its identifiers elsewhere (so harvest and enrich find it again), and figures with
  -- their source and date. Written before the details and domains, whose triggers index the item
  -- with these figures. Hand-written and synthetic items have none.
  insert into public.item_sources (content_id, source, record_id, record_url)
  select distinct on (i.id, r.source, r.record_id) i.id, r.source, r.record_id, r.record_url
  from incoming i,
       jsonb_to_recordset(case when jsonb_typeof(i.item -> 'sources') = 'array' then i.item -> 'sources' else '[]' end)
         as r (source text, record_id text, record_url text)
  order by i.id, r.source, r.record_id;

  insert into public.external_ids (content_id, scheme, value)
  select i.id, x.scheme, x.value
  from incoming i,
       jsonb_to_recordset(case when jsonb_typeof(i.item -> 'identifiers') = 'array' then i.item -> 'identifiers' else '[]' end)
         as x (scheme text, value text)
  on conflict (scheme, value) do nothing;

  insert into public.item_signals (content_id, signal, source, value_num, value_text, detail, as_of)
  select distinct on (i.id, g.signal) i.id, g.signal, g.source, g.value_num, g.value_text, coalesce(g.detail, '{}'), g.as_of
  from incoming i,
       jsonb_to_recordset(case when jsonb_typeof(i.item -> 'signals') = 'array' then i.item -> 'signals' else '[]' end)
         as g (signal text, source text, value_num double precision, value_text text, detail jsonb, as_of timestamptz)
  order by i.id, g.signal, g.as_of desc;
  insert into public.item_signal_history (content_id, signal, day, value_num, value_text, source)
  select sg.content_id, sg.signal, (sg.as_of at time zone 'UTC')::date, sg.value_num, sg.value_text, sg.source
  from public.item_signals sg join incoming i on i.id = sg.content_id;

  -- (open_source is derived from the licence by derive_open_source; a tool and the papers it
  -- names are linked by the triggers of 11_harvest.sql, whichever chunk holds each)
  insert into public.software (content_id, pricing_model, github_url, github_stars,
    api_available, license, programming_languages, first_release, weights_license, availability)
  select i.id, s ->> 'pricing_model', s ->> 'github_url',
    (s ->> 'github_stars')::integer, coalesce((s ->> 'api_available')::boolean, false), s ->> 'license',
    array(select jsonb_array_elements_text(coalesce(s -> 'programming_languages', '[]'))), s ->> 'first_release',
    s ->> 'weights_license', s ->> 'availability'
  from incoming i, lateral (select i.item -> 'software') as t (s)
  where i.content_type = 'software';

  insert into public.papers (content_id, abstract, doi, arxiv_id, journal_name, publication_date,
    peer_reviewed, open_access, citation_count, keywords, research_goals, key_findings, authors_complete)
  -- a paper's abstract is its description unless the item says otherwise (a list's words about a
  -- paper are not its abstract: such items give "abstract": null)
  select i.id, case when p ? 'abstract' then p ->> 'abstract' else i.item ->> 'description' end,
    p ->> 'doi', p ->> 'arxiv_id', p ->> 'journal_name',
    (p ->> 'publication_date')::date, coalesce((p ->> 'peer_reviewed')::boolean, false),
    coalesce((p ->> 'open_access')::boolean, false), coalesce((p ->> 'citation_count')::integer, 0),
    array(select jsonb_array_elements_text(coalesce(i.item -> 'tags', '[]'))),
    array(select jsonb_array_elements_text(coalesce(p -> 'research_goals', '[]'))),
    array(select jsonb_array_elements_text(coalesce(p -> 'key_findings', '[]'))),
    coalesce((p ->> 'authors_complete')::boolean, true)
  from incoming i, lateral (select i.item -> 'paper') as t (p)
  where i.content_type = 'paper';

  insert into public.companies (content_id, organization_id, business_model, industry_focus,
    funding_stage, employee_count, founded_year, headquarters, funding_stage_as_of, funding_stage_source,
    employee_count_as_of, employee_count_source, headquarters_as_of, headquarters_source)
  select i.id, ci.organization_id, c ->> 'business_model',
    array(select jsonb_array_elements_text(coalesce(c -> 'industry_focus', '[]'))),
    c ->> 'funding_stage', c ->> 'employee_count', (c ->> 'founded_year')::integer, c ->> 'headquarters',
    (c ->> 'funding_stage_as_of')::date, c ->> 'funding_stage_source',
    (c ->> 'employee_count_as_of')::date, c ->> 'employee_count_source',
    (c ->> 'headquarters_as_of')::date, c ->> 'headquarters_source'
  from incoming i
  join public.content_items ci on ci.id = i.id,
  lateral (select i.item -> 'company') as t (c)
  where i.content_type = 'company';

  insert into public.agents (content_id, model_type, specialization, interaction_mode, capabilities,
    integration_options, pricing_model, license, first_release, weights_license, availability)
  select i.id, a ->> 'model_type', a ->> 'specialization', a ->> 'interaction_mode',
    array(select jsonb_array_elements_text(coalesce(a -> 'capabilities', '[]'))),
    array(select jsonb_array_elements_text(coalesce(a -> 'integration_options', '[]'))),
    a ->> 'pricing_model', a ->> 'license', a ->> 'first_release', a ->> 'weights_license', a ->> 'availability'
  from incoming i, lateral (select i.item -> 'agent') as t (a)
  where i.content_type = 'agent';

  -- Paper authors become people (reused by name) credited in order.
  create temporary table incoming_authors on commit drop as
  select i.id as content_id, btrim(a.name) as full_name, (a.ordinality - 1)::integer as order_index
  from incoming i,
       jsonb_array_elements_text(coalesce(i.item -> 'paper' -> 'authors', '[]')) with ordinality as a (name, ordinality)
  where btrim(a.name) <> '';

  insert into public.people (full_name)
  select distinct on (lower(ia.full_name)) ia.full_name
  from incoming_authors ia
  where not exists (select 1 from public.people p where lower(p.full_name) = lower(ia.full_name));

  insert into public.content_people (content_id, person_id, role, order_index)
  select distinct on (ia.content_id, person.id) ia.content_id, person.id, 'author', ia.order_index
  from incoming_authors ia
  cross join lateral (
    select p.id from public.people p where lower(p.full_name) = lower(ia.full_name) order by p.created_at, p.id limit 1
  ) person
  order by ia.content_id, person.id, ia.order_index;

  insert into public.content_domains (content_id, domain_id, is_primary)
  select distinct on (i.id, d.id) i.id, d.id, dom.ordinality = 1
  from incoming i,
       jsonb_array_elements_text(coalesce(i.item -> 'domains', '[]')) with ordinality as dom (slug, ordinality)
  join public.scientific_domains d on d.slug = dom.slug
  order by i.id, d.id, dom.ordinality;

  if mark_as_sample and inserted_count > 0 then
    update public.site_settings set value = 'true' where key = 'sample_data_banner';
  end if;

  -- Bulk mode off, then what the statement triggers would have done, once (as commit_import does).
  perform set_config('sciai.bulk_load', '', true);
  delete from public.import_bulk_tokens t where t.token = bulk_token;
  perform public.refresh_content_search(array(select i.id from incoming i));
  with distinct_words as materialized (
    select distinct w.word
    from incoming i join public.content_items ci on ci.id = i.id,
         public.vocabulary_words(ci.title, ci.tags, ci.short_description) as w (word))
  insert into public.search_vocabulary (word)
  select v.word from distinct_words v
  where public.is_vocabulary_word(v.word)
  on conflict (word) do nothing;

  return jsonb_build_object('inserted', inserted_count, 'skipped', jsonb_array_length(items) - inserted_count);
end $$;
revoke execute on function public.load_catalog(jsonb, boolean) from public, anon, authenticated;
grant execute on function public.load_catalog(jsonb, boolean) to service_role;
