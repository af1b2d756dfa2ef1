package standalone

import "sort"

// ajvStrict rewrites a schema so that ajv's strict mode (ajv --strict=true)
// accepts it, without changing which documents it accepts:
//
//   - a union type such as ["string", "integer"] becomes anyOf of single
//     types (strictTypes refuses unions);
//   - a subschema that requires a name it does not declare gets
//     properties: {name: true}, which constrains nothing (strictRequired);
//     only where no unevaluatedProperties could see the extra annotation,
//     or where the schema it refines declares the name already;
//   - a subschema of a property or of items, inside an if/then/allOf
//     refinement, that names no type gets the type the refined schema
//     declares for the same place (strictTypes). Every valid document has
//     that type there already, so repeating it changes nothing.
func ajvStrict(doc map[string]any) {
	walkStrict(doc, nil, true, false)
}

// shape is what the schemas applying to one instance declare about it:
// its type, and the same for each property and for the items.
type shape struct {
	typ   any
	props map[string]*shape
	items *shape
}

// shapeOf is what schema s declares by itself.
func shapeOf(s map[string]any) *shape {
	sh := &shape{typ: s["type"], props: map[string]*shape{}}
	if props, ok := s["properties"].(map[string]any); ok {
		for k, v := range props {
			if sub, ok := v.(map[string]any); ok {
				sh.props[k] = shapeOf(sub)
			}
		}
	}
	if items, ok := s["items"].(map[string]any); ok {
		sh.items = shapeOf(items)
	}
	return sh
}

// merge combines an outer shape with an inner one; the inner one wins.
func merge(outer, inner *shape) *shape {
	if outer == nil {
		return inner
	}
	if inner == nil {
		return outer
	}
	out := &shape{typ: inner.typ, props: map[string]*shape{}, items: merge(outer.items, inner.items)}
	if out.typ == nil {
		out.typ = outer.typ
	}
	for k, v := range outer.props {
		out.props[k] = v
	}
	for k, v := range inner.props {
		out.props[k] = merge(outer.props[k], v)
	}
	return out
}

// sameInstance are the keywords whose subschemas apply to the instance
// itself.
var sameInstance = []string{"allOf", "anyOf", "oneOf", "if", "then", "else", "not", "dependentSchemas"}

// otherInstance are the keywords whose subschemas apply to other instances
// about which nothing is known here (properties and items are walked on
// their own).
var otherInstance = []string{"$defs", "additionalProperties", "patternProperties", "prefixItems", "contains", "propertyNames", "unevaluatedProperties", "unevaluatedItems"}

// schemaMaps are the keywords whose value maps names to schemas.
var schemaMaps = map[string]bool{"$defs": true, "dependentSchemas": true, "patternProperties": true}

// walkStrict rewrites s. outer is what the schemas s refines declare about
// its instance; newData is true when s is the first schema of an instance
// (a property's, the items', a definition); uneval is true when a schema
// applying to the same instance has unevaluatedProperties.
func walkStrict(s map[string]any, outer *shape, newData, uneval bool) {
	splitUnionType(s)
	if newData && s["type"] == nil && outer != nil && outer.typ != nil {
		if _, ok := outer.typ.(string); ok {
			s["type"] = outer.typ
		}
	}
	here := merge(outer, shapeOf(s))
	_, hasUneval := s["unevaluatedProperties"]
	uneval = uneval || hasUneval
	declareRequired(s, outer, uneval)

	for _, k := range sameInstance {
		forEachSchema(s[k], schemaMaps[k], func(sub map[string]any) { walkStrict(sub, here, false, uneval) })
	}
	if props, ok := s["properties"].(map[string]any); ok {
		for _, k := range sortedKeys(props) {
			if sub, ok := props[k].(map[string]any); ok {
				walkStrict(sub, here.props[k], true, false)
			}
		}
	}
	if items, ok := s["items"].(map[string]any); ok {
		walkStrict(items, here.items, true, false)
	}
	for _, k := range otherInstance {
		forEachSchema(s[k], schemaMaps[k], func(sub map[string]any) { walkStrict(sub, nil, true, false) })
	}
}

// splitUnionType turns type: [a, b] into anyOf: [{type: a}, {type: b}],
// when s has no other keyword that needs the type.
func splitUnionType(s map[string]any) {
	types, ok := s["type"].([]any)
	if !ok {
		return
	}
	for k := range s {
		switch k {
		case "type", "description", "title", "default", "examples", "$comment", "deprecated":
		default:
			return
		}
	}
	branches := make([]any, len(types))
	for i, t := range types {
		branches[i] = map[string]any{"type": t}
	}
	delete(s, "type")
	s["anyOf"] = branches
}

// declareRequired adds properties: {name: true} for each required name s
// does not declare, when that cannot change what s accepts: s has no
// additionalProperties that the new entry would exempt the name from, and
// either the schema s refines declares the name or no unevaluatedProperties
// applies to the instance.
func declareRequired(s map[string]any, outer *shape, uneval bool) {
	required, ok := s["required"].([]any)
	if !ok {
		return
	}
	if _, has := s["additionalProperties"]; has {
		return
	}
	props, _ := s["properties"].(map[string]any)
	for _, r := range required {
		name, ok := r.(string)
		if !ok {
			continue
		}
		if _, declared := props[name]; declared {
			continue
		}
		refined := outer != nil && outer.props[name] != nil
		if uneval && !refined {
			continue
		}
		if props == nil {
			props = map[string]any{}
			s["properties"] = props
		}
		props[name] = true
	}
}

// forEachSchema calls f on each schema object a keyword's value holds: the
// value itself, the elements of an array, or the values of a map of
// schemas (isMap).
func forEachSchema(v any, isMap bool, f func(map[string]any)) {
	switch v := v.(type) {
	case []any:
		for _, e := range v {
			if sub, ok := e.(map[string]any); ok {
				f(sub)
			}
		}
	case map[string]any:
		if !isMap {
			f(v)
			return
		}
		for _, k := range sortedKeys(v) {
			if sub, ok := v[k].(map[string]any); ok {
				f(sub)
			}
		}
	}
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
