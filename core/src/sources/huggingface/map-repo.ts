import { HUGGINGFACE_DOMAINS, mapToDomains } from '../domain-maps.ts';
import { field, finishItem, numberField, plainText, textField, textList, type MappedRecord } from '../harvest-item.ts';

/**
 * One Hub model or space (huggingface.co/docs/hub/api) as software: downloads, likes, last
 * modified, licence (its `license:` tag), pipeline tag. Private and gated-off repositories are refused.
 */
export function mapHuggingfaceRepo(repo: unknown, kind: 'models' | 'spaces' = 'models'): MappedRecord {
  const id = textField(repo, 'id') ?? textField(repo, 'modelId');
  const ref = id ?? 'a Hub repository without id';
  if (field(repo, 'private') === true) return { ok: false, refused: { ref, reason: 'Private repository' } };
  if (field(repo, 'disabled') === true) return { ok: false, refused: { ref, reason: 'Disabled repository' } };
  const tags = textList(repo, 'tags');
  const license = tags.find((tag) => tag.startsWith('license:'))?.slice('license:'.length);
  const pipeline = textField(repo, 'pipeline_tag');
  const plainTags = tags.filter((tag) => !tag.includes(':'));
  const name = id?.split('/').pop() ?? '';
  const description = plainText(textField(repo, 'cardData', 'description') ?? textField(repo, 'description'));
  const path = kind === 'spaces' ? `spaces/${id}` : id;
  return finishItem(
    {
      content_type: 'software',
      title: plainText(textField(repo, 'cardData', 'title')) || name,
      description,
      short_description: description,
      url: id ? `https://huggingface.co/${path}` : undefined,
      tags: [...(pipeline ? [pipeline] : []), ...plainTags],
      domains: mapToDomains(HUGGINGFACE_DOMAINS, [...(pipeline ? [pipeline] : []), ...plainTags]),
      authors: [textField(repo, 'author') ?? id?.split('/')[0] ?? ''].filter(Boolean),
      ids: id ? [{ scheme: 'huggingface', value: `${kind === 'spaces' ? 'spaces/' : ''}${id.toLowerCase()}` }] : [],
      software: {
        license,
        // when the repository was made: the Hub gives no date of a model's first release
        first_release: textField(repo, 'createdAt')?.slice(0, 10),
        programming_languages: [],
      },
      metadata: {
        huggingface_kind: kind,
        downloads: numberField(repo, 'downloads'),
        likes: numberField(repo, 'likes'),
        last_modified: textField(repo, 'lastModified'),
        pipeline_tag: pipeline,
        library: textField(repo, 'library_name'),
        sdk: textField(repo, 'sdk'),
      },
    },
    ref,
  );
}
