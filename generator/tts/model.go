package tts

// The model of Tabletop Simulator's saved-object format: the JSON file
// that Objects > Saved Objects loads (the game's Saves/Saved Objects
// folder). It holds the fields runforge writes and those a saved object
// of a public project uses (testdata/), so that a file decoded with
// unknown fields refused (Decode) is one this model describes.

// Save is a saved-object file.
type Save struct {
	SaveName       string           `json:"SaveName"`
	EpochTime      *int64           `json:"EpochTime,omitempty"`
	Date           string           `json:"Date"`
	VersionNumber  string           `json:"VersionNumber"`
	GameMode       string           `json:"GameMode"`
	GameType       *string          `json:"GameType,omitempty"`
	GameComplexity *string          `json:"GameComplexity,omitempty"`
	Tags           []string         `json:"Tags,omitempty"`
	Gravity        *float64         `json:"Gravity,omitempty"`
	PlayArea       *float64         `json:"PlayArea,omitempty"`
	Table          string           `json:"Table"`
	Sky            string           `json:"Sky"`
	Note           string           `json:"Note"`
	TabStates      map[string]any   `json:"TabStates"`
	LuaScript      string           `json:"LuaScript"`
	LuaScriptState string           `json:"LuaScriptState"`
	XMLUI          string           `json:"XmlUI"`
	Rules          *string          `json:"Rules,omitempty"`
	ObjectStates   []Object         `json:"ObjectStates"`
	DecalPallet    []map[string]any `json:"DecalPallet,omitempty"`
	ComponentTags  map[string][]any `json:"ComponentTags,omitempty"`
	PlayingTime    []int            `json:"PlayingTime,omitempty"`
	PlayerCounts   []int            `json:"PlayerCounts,omitempty"`
	CustomUIAssets []map[string]any `json:"CustomUIAssets,omitempty"`
	SnapPoints     []map[string]any `json:"SnapPoints,omitempty"`
	Hands          map[string]any   `json:"Hands,omitempty"`
	Grid           map[string]any   `json:"Grid,omitempty"`
	Lighting       map[string]any   `json:"Lighting,omitempty"`
	Turns          map[string]any   `json:"Turns,omitempty"`
	MusicPlayer    map[string]any   `json:"MusicPlayer,omitempty"`
	CameraStates   []map[string]any `json:"CameraStates,omitempty"`
}

// Object is one object on the table, or inside a deck or bag.
type Object struct {
	GUID                 string      `json:"GUID"`
	Name                 string      `json:"Name"`
	Transform            Transform   `json:"Transform"`
	Nickname             string      `json:"Nickname"`
	Description          string      `json:"Description"`
	GMNotes              string      `json:"GMNotes"`
	AltLookAngle         *Vector     `json:"AltLookAngle,omitempty"`
	ColorDiffuse         Color       `json:"ColorDiffuse"`
	Tags                 []string    `json:"Tags,omitempty"`
	LayoutGroupSortIndex int         `json:"LayoutGroupSortIndex"`
	Value                int         `json:"Value"`
	Locked               bool        `json:"Locked"`
	Grid                 bool        `json:"Grid"`
	Snap                 bool        `json:"Snap"`
	IgnoreFoW            bool        `json:"IgnoreFoW"`
	MeasureMovement      bool        `json:"MeasureMovement"`
	DragSelectable       bool        `json:"DragSelectable"`
	Autoraise            bool        `json:"Autoraise"`
	Sticky               bool        `json:"Sticky"`
	Tooltip              bool        `json:"Tooltip"`
	GridProjection       bool        `json:"GridProjection"`
	HideWhenFaceDown     *bool       `json:"HideWhenFaceDown,omitempty"`
	Hands                bool        `json:"Hands"`
	CardID               *int        `json:"CardID,omitempty"`
	SidewaysCard         *bool       `json:"SidewaysCard,omitempty"`
	DeckIDs              []int       `json:"DeckIDs,omitempty"`
	CustomDeck           CustomDecks `json:"CustomDeck,omitempty"`
	CustomImage          *Image      `json:"CustomImage,omitempty"`
	MaterialIndex        *int        `json:"MaterialIndex,omitempty"`
	RotationValues       []Rotation  `json:"RotationValues,omitempty"`
	Bag                  *BagState   `json:"Bag,omitempty"`
	LuaScript            string      `json:"LuaScript"`
	LuaScriptState       string      `json:"LuaScriptState"`
	XMLUI                string      `json:"XmlUI"`
	ContainedObjects     []Object    `json:"ContainedObjects,omitempty"`
}

// Transform places an object: Y is up, a unit is about an inch.
type Transform struct {
	PosX   float64 `json:"posX"`
	PosY   float64 `json:"posY"`
	PosZ   float64 `json:"posZ"`
	RotX   float64 `json:"rotX"`
	RotY   float64 `json:"rotY"`
	RotZ   float64 `json:"rotZ"`
	ScaleX float64 `json:"scaleX"`
	ScaleY float64 `json:"scaleY"`
	ScaleZ float64 `json:"scaleZ"`
}

// Vector is a direction or rotation.
type Vector struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
	Z float64 `json:"z"`
}

// Color is an object's tint, each channel 0 to 1.
type Color struct {
	R float64 `json:"r"`
	G float64 `json:"g"`
	B float64 `json:"b"`
}

// CustomDecks maps a deck key ("1", "2", ...) to its sheets.
type CustomDecks map[string]DeckSheet

// DeckSheet is one sheet of card faces and its back.
type DeckSheet struct {
	FaceURL      string `json:"FaceURL"`
	BackURL      string `json:"BackURL"`
	NumWidth     int    `json:"NumWidth"`
	NumHeight    int    `json:"NumHeight"`
	BackIsHidden bool   `json:"BackIsHidden"`
	UniqueBack   bool   `json:"UniqueBack"`
	Type         int    `json:"Type"`
}

// Image is the picture of a custom tile, token, die or figurine.
type Image struct {
	ImageURL          string       `json:"ImageURL"`
	ImageSecondaryURL string       `json:"ImageSecondaryURL"`
	ImageScalar       float64      `json:"ImageScalar"`
	WidthScale        float64      `json:"WidthScale"`
	CustomTile        *CustomTile  `json:"CustomTile,omitempty"`
	CustomToken       *CustomToken `json:"CustomToken,omitempty"`
	CustomDice        *CustomDice  `json:"CustomDice,omitempty"`
}

// Custom tile types.
const (
	TileBox     = 0
	TileHex     = 1
	TileCircle  = 2
	TileRounded = 3
)

// CustomTile is a flat piece cut to a shape (Type), both sides pictured.
type CustomTile struct {
	Type      int     `json:"Type"`
	Thickness float64 `json:"Thickness"`
	Stackable bool    `json:"Stackable"`
	Stretch   bool    `json:"Stretch"`
}

// CustomToken is a flat piece cut out of its image's alpha.
type CustomToken struct {
	Thickness           float64 `json:"Thickness"`
	MergeDistancePixels float64 `json:"MergeDistancePixels"`
	StandUp             *bool   `json:"StandUp,omitempty"`
	Stackable           bool    `json:"Stackable"`
}

// DiceD6 is the CustomDice type of a six-sided die.
const DiceD6 = 1

// CustomDice is the shape of a custom die.
type CustomDice struct {
	Type int `json:"Type"`
}

// Rotation is the value a die shows when resting at a rotation.
type Rotation struct {
	Value    string `json:"Value"`
	Rotation Vector `json:"Rotation"`
}

// BagState is a bag's ordering.
type BagState struct {
	Order int `json:"Order"`
}
